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

/** The archive's output is sent in blocks of about this size. */
const BLOCK_BYTES = 64 * 1024;

/**
 * Writes the files to `out` as a ZIP (npm zip-stream), one at a time: the next file is produced
 * only once the response has room for it, so memory holds about one file and one block whatever
 * the number of files, and the event loop is yielded between files so that other requests are
 * answered while a large archive streams. Stops when the client goes away. Resolves when the
 * archive is complete; a failure after the first byte destroys the response.
 *
 * zip-stream writes each header field as a chunk of a few bytes (the central directory of 20,000
 * files is some 400,000 of them, all at once): its output is read as it comes and sent in blocks,
 * so those chunks never queue one by one behind a slow client.
 */
export async function writeZip(files: AsyncIterable<ZipFile>, out: ServerResponse, date: Date): Promise<void> {
  const archive = new ZipStream({ zlib: { level: 6 } });
  const gone = new AbortController();
  const { signal } = gone;
  let complete = false;
  // 'close' also follows a response that was sent whole: only an early one aborts.
  const onClose = (): void => {
    if (complete) return;
    gone.abort();
    archive.destroy();
  };
  out.once('close', onClose);
  let block: Buffer[] = [];
  let blockBytes = 0;
  const send = (): void => {
    if (blockBytes === 0) return;
    out.write(block.length === 1 ? block[0] : Buffer.concat(block, blockBytes));
    block = [];
    blockBytes = 0;
  };
  archive.on('data', (chunk: Buffer) => {
    block.push(chunk);
    blockBytes += chunk.length;
    if (blockBytes >= BLOCK_BYTES) send();
  });
  try {
    for await (const file of files) {
      if (signal.aborted) return;
      await new Promise<void>((resolve, reject) => {
        archive.entry(file.data, { name: file.name, date, store: file.store }, (error) =>
          error ? reject(error) : resolve(),
        );
      });
      if (out.writableNeedDrain) await once(out, 'drain', { signal });
      await yieldToEventLoop();
    }
    if (signal.aborted) return;
    const ended = once(archive, 'end', { signal });
    archive.finish();
    await ended;
    send();
    complete = true;
    out.end();
  } catch {
    out.destroy();
  } finally {
    out.off('close', onClose);
  }
}
