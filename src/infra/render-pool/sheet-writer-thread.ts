import { extname, join } from 'node:path';
import { Worker, type MessagePort } from 'node:worker_threads';
import type { SheetLayoutName, SheetMissingItem, SheetOptions, SheetSummary } from '../../lib/print';
import type { FromSheetWriter, SheetGroupCard, SheetWriterData, ToSheetWriter } from './sheet-writer.messages';
import { WORKER_NICE_ARG } from './worker-priority';

/** The writer thread's module, with this file's extension (`.ts` under Jest, `.js` from dist/). */
const WRITER_FILE = join(__dirname, `sheet-writer.worker${extname(__filename)}`);
/** Bytes the writer may run ahead of the output: about two pages of cards. */
const WINDOW_BYTES = 256 * 1024;
/** Groups sent to the writer and not yet taken: their codes are drawn meanwhile. */
const GROUPS_AHEAD = 4;

/**
 * Entries of a sheet, in order, whose codes are drawn elsewhere (a sheet-pool worker) and posted to
 * `scenes` as one array, a code per card: they go from thread to thread, not through the event loop.
 */
export interface SheetGroup {
  entries: (SheetGroupCard | SheetMissingItem)[];
  /** Is transferred to the writer thread. */
  scenes: MessagePort;
  /** Settles when the codes are posted; a rejection fails the sheet. */
  drawn: Promise<unknown>;
}

export interface SheetThreadOptions extends SheetOptions {
  /** Ends the sheet early (the application shuts down): the output is destroyed and the promise rejects. */
  signal?: AbortSignal;
  /** The writer thread's niceness, 0 to 19 (as the render pools'). Default: 19. */
  nice?: number;
}

/**
 * Writes the sheet PDF (as writeSheet does, the same bytes) on a worker thread of its own, so the
 * event loop only moves its bytes to `output`. The writer stays at most WINDOW_BYTES ahead of what
 * `output` accepted and reads `groups` at most GROUPS_AHEAD ahead of what it printed, so memory stays
 * flat with a slow client. Settles once the thread has ended; rejects, destroying `output`, when
 * `output` fails or closes early, the thread fails, a group's drawing fails, or `signal` aborts.
 */
export function writeSheetOnThread(
  layout: SheetLayoutName,
  groups: AsyncIterable<SheetGroup>,
  output: NodeJS.WritableStream & { destroy(error?: Error): void },
  options: SheetThreadOptions = {},
): Promise<SheetSummary> {
  const { signal, nice = 19, ...sheetOptions } = options;
  const data: SheetWriterData = { layout, options: sheetOptions, window: WINDOW_BYTES };
  const worker = new Worker(WRITER_FILE, {
    workerData: data,
    // From the TypeScript sources (Jest) the thread first registers tsx's require hook, a dev dependency.
    execArgv: WRITER_FILE.endsWith('.ts') ? ['--require', require.resolve('tsx/cjs')] : undefined,
    argv: [`${WORKER_NICE_ARG}${nice}`],
  });
  const send = (message: ToSheetWriter, transfer: MessagePort[] = []) => worker.postMessage(message, transfer);
  return new Promise<SheetSummary>((resolve, reject) => {
    let settled = false;
    let ahead = 0;
    let room: (() => void) | null = null;
    /** Bytes the output took while full, owed to the writer at the next 'drain'. */
    let owed = 0;

    const settle = (error: Error | null, summary?: SheetSummary) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', aborted);
      output.removeListener('drain', drained);
      output.removeListener('close', closed);
      output.removeListener('error', settle);
      room?.();
      // Cut short without an error of its own: the caller hears the error from the promise.
      if (error !== null) output.destroy();
      // Settled once the thread is gone, so that nothing of the sheet outlives the promise.
      void worker.terminate().then(() => (error !== null ? reject(error) : resolve(summary as SheetSummary)));
    };
    const aborted = () => settle(new Error('the sheet was ended: the application is shutting down'));
    const drained = () => {
      if (owed === 0) return;
      send({ kind: 'taken', bytes: owed });
      owed = 0;
    };
    const closed = () => settle(new Error('the output closed before the sheet ended'));

    if (signal?.aborted) return aborted();
    signal?.addEventListener('abort', aborted);
    output.on('drain', drained);
    output.once('close', closed);
    output.once('error', settle);
    worker.once('error', settle);
    worker.once('exit', () => settle(new Error('the sheet writer thread ended early')));
    worker.on('message', (message: FromSheetWriter) => {
      if (settled) return;
      if (message.kind === 'bytes') {
        const chunk = Buffer.from(message.chunk.buffer, message.chunk.byteOffset, message.chunk.byteLength);
        if (output.write(chunk) && owed === 0) send({ kind: 'taken', bytes: chunk.length });
        else owed += chunk.length;
      } else if (message.kind === 'group-taken') {
        ahead--;
        room?.();
      } else {
        output.removeListener('close', closed);
        output.once('finish', () => settle(null, message.summary));
        // Not end(callback): some responses (light-my-request's) take end's only argument as data.
        output.end();
      }
    });

    const feed = async () => {
      for await (const group of groups) {
        group.drawn.catch((error: unknown) => settle(error as Error));
        if (settled) break;
        send({ kind: 'group', entries: group.entries, scenes: group.scenes }, [group.scenes]);
        ahead++;
        while (ahead >= GROUPS_AHEAD && !settled) await new Promise<void>((resolve) => (room = resolve));
        room = null;
        if (settled) break;
      }
      if (!settled) send({ kind: 'groups-end' });
    };
    feed().catch((error: unknown) => settle(error as Error));
  });
}
