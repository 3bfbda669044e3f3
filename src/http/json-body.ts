import { ApiError } from '../core/errors/api-error';
import { nativeRequest, type HttpRequestLike } from './native-http';
import { MAX_JSON_DEPTH, nestsDeeperThan, readBody, tooDeep } from './request-body';
import { unsupportedMediaType, utf8BodyText } from './utf8-body';

/** What a route that takes JSON only lists in its 415. */
const JSON_ONLY = ['application/json'];

/**
 * The one reading of a JSON body's bytes, for the app's parser and for a route that reads its own:
 * a charset other than UTF-8 is a 415; bytes that are not UTF-8 a 400 `invalid_encoding` (never
 * replacement characters in a card, RFC 8259 §8.1); a leading byte order mark is read past (as
 * §8.1 lets a parser do, and as fastify's own parser did); an empty body, or one that does not
 * parse, a 400 `invalid_json`; nesting deeper than MAX_JSON_DEPTH a 400 `invalid_json` before
 * anything walks it. A `__proto__` or `constructor` key is valid JSON: it becomes an own property
 * (JSON.parse never sets a prototype), which the validators name as an unknown field.
 */
export function parseJsonBody(bytes: Buffer, contentType: string | undefined): unknown {
  const decoded = utf8BodyText(bytes, contentType, 'JSON', 'application/json');
  if (decoded instanceof ApiError) throw decoded;
  const text = decoded.charCodeAt(0) === 0xfeff ? decoded.slice(1) : decoded;
  if (text === '') throw new ApiError('invalid_json');
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) throw tooDeep();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError('invalid_json');
  }
}

/**
 * The JSON body of a route that reads its own (the standalone app's parsers leave it unread),
 * within `limitBytes` (413), JSON only (415 listing it), then as parseJsonBody() reads it. A body a
 * host's parser already read is taken as it is; no body at all is undefined.
 */
export async function readJsonBody(request: HttpRequestLike, limitBytes: number): Promise<unknown> {
  if (request.body !== undefined) return request.body;
  const raw = nativeRequest(request);
  const type = raw.headers['content-type'];
  if (type === undefined) return undefined;
  if (!/^application\/json\s*(;|$)/i.test(type)) throw unsupportedMediaType(JSON_ONLY);
  const bytes = await new Promise<Buffer>((resolve, reject) =>
    readBody(raw, raw.headers['content-length'], limitBytes, null, (error, chunks, length) =>
      error ? reject(error) : resolve(Buffer.concat(chunks, length)),
    ),
  );
  return parseJsonBody(bytes, type);
}
