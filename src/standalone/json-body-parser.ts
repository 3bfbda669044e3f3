import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import { ApiError } from '../core/errors/api-error';
import { charsetError, utf8BodyText } from '../http/utf8-body';
import { BATCHES_ROUTE, BatchJsonBody, BatchJsonReader } from '../modules/batches/batch-json-body';

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

/** The route whose JSON body is read as it arrives (and whose body limit is its own, see create-app). */
export const BATCH_CREATION_URL = `/${BATCHES_ROUTE}`;

const tooDeep = (): ApiError =>
  new ApiError('invalid_json', {
    message: `The JSON body nests arrays or objects more than ${MAX_JSON_DEPTH} levels deep.`,
    hint: 'Send the request body as documented: a contact nests objects and lists only a few levels deep (phones[0].number).',
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
 * walks it. Then fastify's own parser does the rest.
 *
 * A batch body (up to BATCH_BODY_LIMIT_BYTES, megabytes) is read as it arrives by the batches'
 * BatchJsonReader, each contact checked by the same parser: parsing it whole would block every
 * other request for as long as that takes.
 */
export function useStrictJsonParser(fastify: FastifyInstance): void {
  // A `__proto__` or `constructor` key is valid JSON: it becomes an own property (JSON.parse never
  // sets a prototype), which the validators name as an unknown field, as any host's JSON.parse does.
  const parseJson = fastify.getDefaultJsonParser('ignore', 'ignore');
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
        const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, length);
        const text = utf8BodyText(body, request.headers['content-type'], 'JSON', 'application/json');
        if (text instanceof ApiError) return done(text, undefined);
        parseText(request, text, done);
      });
    }
    const reader = new BatchJsonReader(MAX_JSON_DEPTH, (text) => isValidJson(request, text));
    readBody(
      request,
      limit,
      payload,
      (chunk) => reader.write(chunk),
      (error) => {
        if (error) return done(error, undefined);
        const refused = charsetError(request.headers['content-type'], 'JSON', 'application/json');
        if (refused) return done(refused, undefined);
        const read = reader.finish();
        if (read === 'invalid_encoding') return done(new ApiError('invalid_encoding'), undefined);
        if (read instanceof BatchJsonBody) return done(null, read);
        parseText(request, read.text, done);
      },
    );
  });
}

/**
 * `text/csv` for POST /v1/batches: the body as a string, decoded as UTF-8 fatally like JSON (a
 * charset other than UTF-8 is a 415), with the batch route's own body limit.
 */
export function useCsvParser(fastify: FastifyInstance, bodyLimit: number): void {
  fastify.addContentTypeParser(
    'text/csv',
    { parseAs: 'buffer', bodyLimit },
    (request: FastifyRequest, body: Buffer, done) => {
      const text = utf8BodyText(body, request.headers['content-type'], 'CSV', 'text/csv');
      if (text instanceof ApiError) return done(text, undefined);
      done(null, text);
    },
  );
}
