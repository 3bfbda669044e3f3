import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import ZipStream from 'zip-stream';

/** One file of the ZIP. `store` for data that is compressed already (PNG). */
export interface ZipFile {
  name: string;
  data: Buffer;
  store: boolean;
}

/**
 * Writes the files to `out` as a ZIP (npm zip-stream), one at a time: the next file is produced
 * only once the archive has room for it, so memory holds at most one file and a stream buffer
 * whatever the number of files, and the event loop is yielded between files so that other
 * requests are answered while a large archive streams. Stops when the client goes away.
 * Resolves when the archive is complete; a failure after the first byte destroys the response.
 */
export async function writeZip(files: AsyncIterable<ZipFile>, out: ServerResponse, date: Date): Promise<void> {
  const archive = new ZipStream({ zlib: { level: 6 } });
  const gone = new AbortController();
  const { signal } = gone;
  const onClose = (): void => {
    gone.abort();
    archive.destroy();
  };
  out.once('close', onClose);
  archive.once('error', () => out.destroy());
  archive.pipe(out);
  try {
    for await (const file of files) {
      if (signal.aborted) return;
      await new Promise<void>((resolve, reject) => {
        archive.entry(file.data, { name: file.name, date, store: file.store }, (error) => (error ? reject(error) : resolve()));
      });
      // A stored entry is written at once whatever the stream's state: wait for the reader here.
      if (archive.writableNeedDrain) await once(archive, 'drain', { signal });
      await yieldToEventLoop();
    }
    if (signal.aborted) return;
    const finished = once(out, 'finish', { signal });
    archive.finish();
    await finished;
  } catch {
    out.destroy();
  } finally {
    out.off('close', onClose);
  }
}
