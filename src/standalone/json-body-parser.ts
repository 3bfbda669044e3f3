import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import { isUtf8 } from 'node:buffer';
import { ApiError } from '../core/errors/api-error';
import { BatchJsonBody, BatchJsonScanner } from '../modules/batches/batch-json-body';

/** Deepest nesting of arrays and objects a JSON body may have; far above any valid request's. */
export const MAX_JSON_DEPTH = 64;

/** The charset parameter of a Content-Type, lower-cased and unquoted; undefined when absent. */
function charsetOf(contentType: string | undefined): string | undefined {
  if (contentType === 'application/json' || contentType === undefined) return undefined;
  const match = /;\s*charset\s*=\s*("?)([^";\s]*)\1/i.exec(contentType ?? '');
  return match?.[2].toLowerCase();
}

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

/** The route whose JSON body is read as it arrives (and whose body limit is its own, see create-app). */
export const BATCH_CREATION_URL = '/v1/batches';

/** A 415 when the Content-Type declares a charset other than UTF-8; undefined otherwise. */
function charsetError(request: FastifyRequest, kind: string, type: string): ApiError | undefined {
  const charset = charsetOf(request.headers['content-type']);
  if (charset === undefined || charset === 'utf-8' || charset === 'utf8') return undefined;
  return new ApiError('unsupported_media_type', {
    message: `A ${kind} body must be encoded as UTF-8.`,
    hint: `Send Content-Type: ${type} (or ${type}; charset=utf-8) with a UTF-8 body.`,
  });
}

/**
 * The body as text, or the error that refuses it: a declared charset other than UTF-8 (415), or
 * bytes that are not UTF-8 (400). isUtf8 (simdutf) rejects what a fatal decoder rejects: invalid
 * bytes, overlong forms, encoded surrogates.
 */
function utf8Text(request: FastifyRequest, body: Buffer, kind: string, type: string): string | ApiError {
  const refused = charsetError(request, kind, type);
  if (refused) return refused;
  if (!isUtf8(body)) return new ApiError('invalid_encoding');
  return body.toString('utf8');
}

const tooDeep = (): ApiError =>
  new ApiError('invalid_json', {
    message: `The JSON body nests arrays or objects more than ${MAX_JSON_DEPTH} levels deep.`,
    hint: 'Send a flat JSON object: every field value is a string.',
    details: { maxDepth: MAX_JSON_DEPTH },
  });

type Done = (error: Error | null, body?: unknown) => void;

/**
 * Reads a request body as fastify's own reader does (the route's bodyLimit against Content-Length
 * and against the bytes received, a 400 when they differ from Content-Length, stream errors),
 * handing each chunk to `onChunk` as it arrives, one per turn of the event loop; `onEnd` gets
 * the error, or (when there is no `onChunk`) the chunks.
 */
function readBody(
  request: FastifyRequest,
  limit: number,
  payload: NodeJS.ReadableStream & { receivedEncodedLength?: number },
  onChunk: ((chunk: Buffer) => void) | null,
  onEnd: (error: Error | null, chunks: Buffer[], length: number) => void,
): void {
  const contentLength = Number(request.headers['content-length']);
  if (contentLength > limit) return onEnd(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(), [], 0);
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
      return onEnd(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(), [], 0);
    }
    if (!onChunk) return void chunks.push(bytes);
    onChunk(bytes);
    // One chunk per turn of the event loop: a socket read hands over up to 32 chunks at once,
    // and reading them all in one go would block other requests as long as one big parse.
    payload.pause();
    setImmediate(() => payload.resume());
  }
  function onFinish(error?: Error & { statusCode?: number }): void {
    stop();
    if (error) {
      if (!(typeof error.statusCode === 'number' && error.statusCode >= 400)) error.statusCode = 400;
      return onEnd(error, [], 0);
    }
    if (!Number.isNaN(contentLength) && (payload.receivedEncodedLength || received) !== contentLength) {
      return onEnd(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH(), [], 0);
    }
    onEnd(null, chunks, received);
  }
  payload.on('data', onData);
  payload.on('end', onFinish);
  payload.on('error', onFinish);
  payload.resume();
}

/**
 * Fastify's JSON parser behind three checks of the standalone app, on every JSON route (MCP too):
 * a charset other than UTF-8 is a 415; the bytes are decoded as UTF-8 fatally (invalid,
 * overlong and surrogate encodings are a 400 `invalid_encoding`, never replacement characters in a
 * card, RFC 8259 §8.1); nesting deeper than MAX_JSON_DEPTH is a 400 `invalid_json` before anything
 * walks it. Then fastify's own parser, with its prototype-poisoning protection, does the rest.
 *
 * A batch body (up to BATCH_BODY_LIMIT_BYTES, megabytes) is decoded and cut into contacts chunk by
 * chunk as it arrives (BatchJsonScanner), each contact checked by the same parser: parsing it
 * whole would block every other request for as long as that takes. A body of any other shape is
 * parsed whole like any other, so the answers are the same.
 */
export function useStrictJsonParser(fastify: FastifyInstance): void {
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  const parseText = (request: FastifyRequest, text: string, done: Done): void => {
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return done(tooDeep(), undefined);
    parseJson(request, text, done);
  };
  const isValidJson = (request: FastifyRequest, text: string): boolean => {
    let valid = false;
    parseJson(request, text, (error) => (valid = error === null));
    return valid;
  };
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', (request: FastifyRequest, payload, done: Done) => {
    // routeOptions is a getter that builds an object on every read: read it once per request.
    const route = request.routeOptions;
    const limit = route.bodyLimit ?? Infinity;
    // A batch creation's large JSON body is read as it arrives.
    if (request.method !== 'POST' || route.url !== BATCH_CREATION_URL) {
      return readBody(request, limit, payload, null, (error, chunks, length) => {
        if (error) return done(error, undefined);
        const text = utf8Text(request, chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, length), 'JSON', 'application/json');
        if (text instanceof ApiError) return done(text, undefined);
        parseText(request, text, done);
      });
    }
    // Decoded as it arrives (fatal, like isUtf8; a BOM kept, as toString keeps it), then scanned.
    const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    const pieces: string[] = [];
    const scanner = new BatchJsonScanner(MAX_JSON_DEPTH, (text) => isValidJson(request, text));
    let badBytes = false;
    const take = (piece: string): void => {
      pieces.push(piece);
      scanner.write(piece);
    };
    readBody(
      request,
      limit,
      payload,
      (chunk) => {
        if (badBytes) return;
        try {
          take(decoder.decode(chunk, { stream: true }));
        } catch {
          badBytes = true;
        }
      },
      (error) => {
        if (error) return done(error, undefined);
        const refused = charsetError(request, 'JSON', 'application/json');
        if (refused) return done(refused, undefined);
        if (!badBytes) {
          try {
            take(decoder.decode());
          } catch {
            badBytes = true;
          }
        }
        if (badBytes) return done(new ApiError('invalid_encoding'), undefined);
        const contacts = scanner.finish();
        if (contacts) return done(null, new BatchJsonBody(contacts));
        parseText(request, pieces.join(''), done);
      },
    );
  });
}

/**
 * `text/csv` for POST /v1/batches: the body as a string, decoded as UTF-8 fatally like JSON (a
 * charset other than UTF-8 is a 415), with the batch route's own body limit.
 */
export function useCsvParser(fastify: FastifyInstance, bodyLimit: number): void {
  fastify.addContentTypeParser('text/csv', { parseAs: 'buffer', bodyLimit }, (request: FastifyRequest, body: Buffer, done) => {
    const text = utf8Text(request, body, 'CSV', 'text/csv');
    if (text instanceof ApiError) return done(text, undefined);
    done(null, text);
  });
}
