import { Writable } from 'node:stream';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { writeSheet, type SheetEntry } from '../../lib/print';
// Lowers this thread's priority below the event loop's, once, as the thread loads this module.
import './worker-priority';
import type { FromSheetWriter, SheetDrawnScene, SheetWriterData, ToSheetWriter } from './sheet-writer.messages';

/** Bytes gathered before they go to the event loop: a page's worth goes in one message, not hundreds. */
const MESSAGE_BYTES = 64 * 1024;

const port = parentPort as MessagePort;
const { layout, options, window } = workerData as SheetWriterData;
const post = (message: FromSheetWriter, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

/** Groups as they arrive, and the writer's wait for the next one. */
const groups: Extract<ToSheetWriter, { kind: 'group' }>[] = [];
let groupsEnded = false;
let wakeReader: (() => void) | null = null;

/** Bytes handed over and not yet taken by the output, and a write waiting for room. */
let untaken = 0;
let waitingWrite: (() => void) | null = null;

port.on('message', (message: ToSheetWriter) => {
  if (message.kind === 'taken') {
    untaken -= message.bytes;
    if (untaken <= window && waitingWrite !== null) {
      const resume = waitingWrite;
      waitingWrite = null;
      resume();
    }
    return;
  }
  if (message.kind === 'group') groups.push(message);
  else groupsEnded = true;
  const wake = wakeReader;
  wakeReader = null;
  wake?.();
});

function scenesOf(scenes: MessagePort): Promise<SheetDrawnScene[]> {
  return new Promise((resolve) =>
    scenes.once('message', (drawn: SheetDrawnScene[]) => {
      scenes.close();
      resolve(drawn);
    }),
  );
}

/** The sheet's entries, a group at a time, as the event loop sends them and the sheet pool draws them. */
async function* entries(): AsyncGenerator<SheetEntry> {
  for (;;) {
    if (groups.length === 0 && !groupsEnded) await new Promise<void>((resolve) => (wakeReader = resolve));
    const group = groups.shift();
    if (group === undefined) return;
    const scenes = await scenesOf(group.scenes);
    post({ kind: 'group-taken' });
    let next = 0;
    for (const entry of group.entries) {
      if ('missing' in entry) {
        yield entry;
        continue;
      }
      const drawn = scenes[next++];
      // A styled code that failed the check is not printed: the report page lists it as missing.
      if ('unreadable' in drawn) yield { index: entry.index, missing: drawn.unreadable };
      else yield { ...entry, scene: 'scene' in drawn ? drawn.scene : drawn };
    }
  }
}

/** The PDF's bytes to the event loop, in messages of a page or so, never more than `window` untaken. */
function bytesToEventLoop(): Writable {
  let gathered: Buffer[] = [];
  let size = 0;
  let flushing: NodeJS.Immediate | null = null;
  const flush = () => {
    if (flushing !== null) clearImmediate(flushing);
    flushing = null;
    if (size === 0) return;
    // A buffer of its own to move: PDFKit's chunks may share Node's buffer pool.
    const chunk = new Uint8Array(Buffer.concat(gathered, size));
    gathered = [];
    size = 0;
    post({ kind: 'bytes', chunk }, [chunk.buffer as ArrayBuffer]);
  };
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      gathered.push(chunk);
      size += chunk.length;
      untaken += chunk.length;
      // Whatever one turn of the writer produced goes together, and at most MESSAGE_BYTES at once.
      if (size >= MESSAGE_BYTES) flush();
      else flushing ??= setImmediate(flush);
      if (untaken <= window) done();
      else {
        flush();
        waitingWrite = () => done();
      }
    },
    final(done) {
      flush();
      done();
    },
  });
}

void writeSheet(layout, entries(), bytesToEventLoop(), options).then((summary) => post({ kind: 'end', summary }));
