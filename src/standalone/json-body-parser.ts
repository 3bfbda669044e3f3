import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../core/errors/api-error';
import { MAX_JSON_DEPTH, nestsDeeperThan, readBody, tooDeep } from '../http/request-body';
import type { OwnBodyTypes } from '../http/own-body.decorator';
import { utf8BodyText } from '../http/utf8-body';

type Done = (error: Error | null, body?: unknown) => void;

/**
 * The routes that read their own body (@ReadsOwnBody()) by `METHOD url`, with the media types they
 * read themselves; filled once the app's routes are known.
 */
export type OwnBodyRoutes = ReadonlyMap<string, OwnBodyTypes>;

function readsOwnBody(request: FastifyRequest, ownBody: OwnBodyRoutes, mediaType: string): boolean {
  if (ownBody.size === 0) return false;
  const types = ownBody.get(`${request.method} ${request.routeOptions.url}`);
  return types === 'all' || (types?.has(mediaType) ?? false);
}

/**
 * Fastify's JSON parser behind three checks of the standalone app, on every JSON route (MCP too):
 * a charset other than UTF-8 is a 415; the bytes are decoded as UTF-8 fatally (invalid,
 * overlong and surrogate encodings are a 400 `invalid_encoding`, never replacement characters in a
 * card, RFC 8259 §8.1); nesting deeper than MAX_JSON_DEPTH is a 400 `invalid_json` before anything
 * walks it. Then fastify's own parser does the rest. A route that reads its own body (a batch) is
 * left its request stream, unread.
 */
export function useStrictJsonParser(fastify: FastifyInstance, ownBody: OwnBodyRoutes): void {
  // A `__proto__` or `constructor` key is valid JSON: it becomes an own property (JSON.parse never
  // sets a prototype), which the validators name as an unknown field, as any host's JSON.parse does.
  const parseJson = fastify.getDefaultJsonParser('ignore', 'ignore');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', (request: FastifyRequest, payload, done: Done) => {
    if (readsOwnBody(request, ownBody, 'application/json')) return done(null, undefined);
    // routeOptions is a getter that builds an object on every read: read it once per request.
    const limit = request.routeOptions.bodyLimit ?? Infinity;
    readBody(payload, request.headers['content-length'], limit, null, (error, chunks, length) => {
      if (error) return done(error, undefined);
      const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, length);
      const text = utf8BodyText(body, request.headers['content-type'], 'JSON', 'application/json');
      if (text instanceof ApiError) return done(text, undefined);
      if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return done(tooDeep(), undefined);
      parseJson(request, text, done);
    });
  });
}

/**
 * `text/csv`: the body as a string, decoded as UTF-8 fatally like JSON (a charset other than
 * UTF-8 is a 415), for a route that does not read its own body.
 */
export function useCsvParser(fastify: FastifyInstance, ownBody: OwnBodyRoutes): void {
  fastify.addContentTypeParser('text/csv', (request: FastifyRequest, payload, done: Done) => {
    if (readsOwnBody(request, ownBody, 'text/csv')) return done(null, undefined);
    const limit = request.routeOptions.bodyLimit ?? Infinity;
    readBody(payload, request.headers['content-length'], limit, null, (error, chunks, length) => {
      if (error) return done(error, undefined);
      const text = utf8BodyText(Buffer.concat(chunks, length), request.headers['content-type'], 'CSV', 'text/csv');
      done(text instanceof ApiError ? text : null, text instanceof ApiError ? undefined : text);
    });
  });
}

/**
 * Media types whose bodies only the routes that read them themselves take (a vCard file): such a
 * body reaches its route unread, as its request stream; any other route answers 415 as for a media
 * type the app has no parser for, without reading it.
 */
export function usePassThroughParsers(
  fastify: FastifyInstance,
  mediaTypes: readonly string[],
  ownBody: OwnBodyRoutes,
): void {
  for (const mediaType of mediaTypes) {
    fastify.addContentTypeParser(mediaType, (request: FastifyRequest, _payload, done: Done) => {
      if (readsOwnBody(request, ownBody, mediaType)) return done(null, undefined);
      done(new ApiError('unsupported_media_type'), undefined);
    });
  }
}
