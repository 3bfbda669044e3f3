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
  output: SheetOutput,
  options: SheetThreadOptions = {},
): Promise<SheetSummary> {
  const { signal, nice = 19, ...sheetOptions } = options;
  const worker = new Worker(WRITER_FILE, {
    workerData: { layout, options: sheetOptions, window: WINDOW_BYTES } satisfies SheetWriterData,
    // From the TypeScript sources (Jest) the thread first registers tsx's require hook, a dev dependency.
    execArgv: WRITER_FILE.endsWith('.ts') ? ['--require', require.resolve('tsx/cjs')] : undefined,
    argv: [`${WORKER_NICE_ARG}${nice}`],
  });
  return new Promise<SheetSummary>((resolve, reject) => {
    new SheetThreadRun(worker, output, signal, resolve, reject).start(groups);
  });
}

type SheetOutput = NodeJS.WritableStream & { destroy(error?: Error): void };

/**
 * One sheet between the event loop and its writer thread: the thread's bytes go to the output under
 * its back-pressure, the groups go to the thread under GROUPS_AHEAD, and the first end (the
 * summary, or any failure) settles the run once.
 */
class SheetThreadRun {
  private settled = false;
  /** Groups sent and not yet taken by the writer. */
  private ahead = 0;
  private room: (() => void) | null = null;
  /** Bytes the output took while full, owed to the writer at the next 'drain'. */
  private owed = 0;

  constructor(
    private readonly worker: Worker,
    private readonly output: SheetOutput,
    private readonly signal: AbortSignal | undefined,
    private readonly resolve: (summary: SheetSummary) => void,
    private readonly reject: (error: Error) => void,
  ) {}

  start(groups: AsyncIterable<SheetGroup>): void {
    if (this.signal?.aborted) return this.aborted();
    this.signal?.addEventListener('abort', this.aborted);
    this.output.on('drain', this.drained);
    this.output.once('close', this.closed);
    this.output.once('error', this.settle);
    this.worker.once('error', this.settle);
    this.worker.once('exit', () => this.settle(new Error('the sheet writer thread ended early')));
    this.worker.on('message', this.received);
    this.feed(groups).catch((error: unknown) => this.settle(error as Error));
  }

  private readonly settle = (error: Error | null, summary?: SheetSummary): void => {
    if (this.settled) return;
    this.settled = true;
    this.signal?.removeEventListener('abort', this.aborted);
    this.output.removeListener('drain', this.drained);
    this.output.removeListener('close', this.closed);
    this.output.removeListener('error', this.settle);
    this.room?.();
    // Cut short without an error of its own: the caller hears the error from the promise.
    if (error !== null) this.output.destroy();
    // Settled once the thread is gone, so that nothing of the sheet outlives the promise.
    void this.worker
      .terminate()
      .then(() => (error !== null ? this.reject(error) : this.resolve(summary as SheetSummary)));
  };

  private readonly aborted = (): void =>
    this.settle(new Error('the sheet was ended: the application is shutting down'));

  private readonly closed = (): void => this.settle(new Error('the output closed before the sheet ended'));

  private readonly drained = (): void => {
    if (this.owed === 0) return;
    this.send({ kind: 'taken', bytes: this.owed });
    this.owed = 0;
  };

  private readonly received = (message: FromSheetWriter): void => {
    if (this.settled) return;
    if (message.kind === 'bytes') {
      const chunk = Buffer.from(message.chunk.buffer, message.chunk.byteOffset, message.chunk.byteLength);
      if (this.output.write(chunk) && this.owed === 0) this.send({ kind: 'taken', bytes: chunk.length });
      else this.owed += chunk.length;
    } else if (message.kind === 'group-taken') {
      this.ahead--;
      this.room?.();
    } else {
      this.output.removeListener('close', this.closed);
      this.output.once('finish', () => this.settle(null, message.summary));
      // Not end(callback): some responses (light-my-request's) take end's only argument as data.
      this.output.end();
    }
  };

  private async feed(groups: AsyncIterable<SheetGroup>): Promise<void> {
    for await (const group of groups) {
      group.drawn.catch((error: unknown) => this.settle(error as Error));
      if (this.settled) break;
      this.send({ kind: 'group', entries: group.entries, scenes: group.scenes }, [group.scenes]);
      this.ahead++;
      while (this.ahead >= GROUPS_AHEAD && !this.settled) await new Promise<void>((resolve) => (this.room = resolve));
      this.room = null;
      if (this.settled) break;
    }
    if (!this.settled) this.send({ kind: 'groups-end' });
  }

  private send(message: ToSheetWriter, transfer: MessagePort[] = []): void {
    this.worker.postMessage(message, transfer);
  }
}
