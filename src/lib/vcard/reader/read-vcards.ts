import type { ReadEvent, VCardReaderOptions } from './read-event';
import { VCardStreamReader } from './vcard-stream-reader';

/** Reads every vCard of a whole body: the events VCardStreamReader gives for it in one chunk. */
export function readVCards(bytes: Uint8Array, options: VCardReaderOptions = {}): ReadEvent[] {
  const reader = new VCardStreamReader(options);
  return [...reader.write(bytes), ...reader.end()];
}
