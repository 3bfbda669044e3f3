import { ApiError } from '../core/errors/api-error';

/** Deepest nesting of arrays and objects a JSON body may have; far above any valid request's. */
export const MAX_JSON_DEPTH = 64;

/** Whether `text` holds more than `max` of `char` (a native search, stopping at max + 1). */
function holdsMoreThan(text: string, char: string, max: number): boolean {
  let at = -1;
  for (let seen = 0; seen <= max; seen++) {
    at = text.indexOf(char, at + 1);
    if (at === -1) return false;
  }
  return true;
}

/** Whether arrays and objects in `text` nest deeper than `max` (strings skipped): one linear scan. */
export function nestsDeeperThan(text: string, max: number): boolean {
  // Nothing can nest deeper than its opening brackets are many: most bodies have one.
  if (!holdsMoreThan(text, '{', max / 2) && !holdsMoreThan(text, '[', max / 2)) return false;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // Skip the string, honouring backslash escapes.
      for (i++; i < text.length; i++) {
        const s = text.charCodeAt(i);
        if (s === 0x5c) i++;
        else if (s === 0x22) break;
      }
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return false;
}

/** The 400 for a JSON body nested deeper than MAX_JSON_DEPTH, before anything walks it. */
export function tooDeep(): ApiError {
  return new ApiError('invalid_json', {
    message: `The JSON body nests arrays or objects more than ${MAX_JSON_DEPTH} levels deep.`,
    hint: 'Send the request body as documented: a contact nests objects and lists only a few levels deep (phones[0].number).',
    details: { maxDepth: MAX_JSON_DEPTH },
  });
}

/** A request body's byte stream: Node's request (with Node's own count of what arrived, when set). */
export type BodyStream = NodeJS.ReadableStream & { receivedEncodedLength?: number };

/**
 * Reads a request body as a body parser does: the limit against Content-Length and against the
 * bytes received (413 payload_too_large), a 400 when they differ from Content-Length, stream errors
 * as 400s. With `onChunk`, each chunk is handed over as it arrives, one per turn of the event loop
 * (a socket read hands over up to 32 chunks at once, and reading them all in one go would block
 * other requests as long as one big parse), and nothing is kept; without, the chunks are kept.
 * `done` gets the error, or the chunks and their length.
 */
export function readBody(
  payload: BodyStream,
  contentLengthHeader: string | string[] | undefined,
  limit: number,
  onChunk: ((chunk: Buffer) => void) | null,
  done: (error: Error | null, chunks: Buffer[], length: number) => void,
): void {
  const contentLength = Number(contentLengthHeader);
  const tooLarge = (): ApiError => new ApiError('payload_too_large', { details: { maxBytes: limit } });
  if (contentLength > limit) return done(tooLarge(), [], 0);
  const chunks: Buffer[] = [];
  let received = 0;
  const stop = (): void => {
    payload.removeListener('data', onData);
    payload.removeListener('end', onFinish);
    payload.removeListener('error', onFinish);
  };
  function onData(chunk: Buffer | string): void {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    received += bytes.length;
    if (received > limit || (payload.receivedEncodedLength ?? 0) > limit) {
      stop();
      return done(tooLarge(), [], 0);
    }
    if (!onChunk) return void chunks.push(bytes);
    onChunk(bytes);
    payload.pause();
    setImmediate(() => payload.resume());
  }
  function onFinish(error?: Error & { statusCode?: number }): void {
    stop();
    if (error) {
      if (!(typeof error.statusCode === 'number' && error.statusCode >= 400)) error.statusCode = 400;
      return done(error, [], 0);
    }
    if (!Number.isNaN(contentLength) && (payload.receivedEncodedLength || received) !== contentLength) {
      return done(new ApiError('bad_request'), [], 0);
    }
    done(null, chunks, received);
  }
  payload.on('data', onData);
  payload.on('end', onFinish);
  payload.on('error', onFinish);
  payload.resume();
}
