import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../core/errors/api-error';
import { MAX_JSON_DEPTH, nestsDeeperThan, readBody, tooDeep } from '../http/request-body';
import { utf8BodyText } from '../http/utf8-body';

type Done = (error: Error | null, body?: unknown) => void;

/** `METHOD url` of the routes that read their own body (@ReadsOwnBody()), filled once the app's routes are known. */
export type OwnBodyRoutes = ReadonlySet<string>;

function readsOwnBody(request: FastifyRequest, ownBody: OwnBodyRoutes): boolean {
  return ownBody.size > 0 && ownBody.has(`${request.method} ${request.routeOptions.url}`);
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
    if (readsOwnBody(request, ownBody)) return done(null, undefined);
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
    if (readsOwnBody(request, ownBody)) return done(null, undefined);
    const limit = request.routeOptions.bodyLimit ?? Infinity;
    readBody(payload, request.headers['content-length'], limit, null, (error, chunks, length) => {
      if (error) return done(error, undefined);
      const text = utf8BodyText(Buffer.concat(chunks, length), request.headers['content-type'], 'CSV', 'text/csv');
      done(text instanceof ApiError ? text : null, text instanceof ApiError ? undefined : text);
    });
  });
}
