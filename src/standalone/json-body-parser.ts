import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../core/errors/api-error';
import { parseJsonBody } from '../http/json-body';
import { readBody } from '../http/request-body';
import type { OwnBodyTypes } from '../http/own-body.decorator';
import { utf8BodyText } from '../http/utf8-body';

type Done = (error: Error | null, body?: unknown) => void;

/**
 * The routes that read their own body (@ReadsOwnBody()) by path, then method, with the media types
 * they read themselves; filled once the app's routes are known.
 */
export type OwnBodyRoutes = ReadonlyMap<string, ReadonlyMap<string, OwnBodyTypes>>;

/** What a parser reads of `request.routeOptions`, a getter that builds a new object on every read. */
type RouteOptions = FastifyRequest['routeOptions'];

function readsOwnBody(
  request: FastifyRequest,
  route: RouteOptions,
  ownBody: OwnBodyRoutes,
  mediaType: string,
): boolean {
  const types = ownBody.size === 0 ? undefined : ownBody.get(route.url ?? '')?.get(request.method);
  return types === 'all' || (types?.has(mediaType) ?? false);
}

/**
 * The app's JSON parser, on every JSON route (MCP too): the body within the route's limit, read as
 * every JSON body is (parseJsonBody: UTF-8 only, a leading byte order mark read past, nesting
 * bounded). A route that reads its own body (a batch) is left its request stream, unread.
 */
export function useStrictJsonParser(fastify: FastifyInstance, ownBody: OwnBodyRoutes): void {
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', (request: FastifyRequest, payload, done: Done) => {
    // Read once per request (see RouteOptions).
    const route = request.routeOptions;
    if (readsOwnBody(request, route, ownBody, 'application/json')) return done(null, undefined);
    const limit = route.bodyLimit ?? Infinity;
    readBody(payload, request.headers['content-length'], limit, null, (error, chunks, length) => {
      if (error) return done(error, undefined);
      let body: unknown;
      try {
        body = parseJsonBody(
          chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, length),
          request.headers['content-type'],
        );
      } catch (refused) {
        return done(refused as Error, undefined);
      }
      done(null, body);
    });
  });
}

/**
 * `text/csv`: the body as a string, decoded as UTF-8 fatally like JSON (a charset other than
 * UTF-8 is a 415), for a route that does not read its own body.
 */
export function useCsvParser(fastify: FastifyInstance, ownBody: OwnBodyRoutes): void {
  fastify.addContentTypeParser('text/csv', (request: FastifyRequest, payload, done: Done) => {
    const route = request.routeOptions;
    if (readsOwnBody(request, route, ownBody, 'text/csv')) return done(null, undefined);
    const limit = route.bodyLimit ?? Infinity;
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
      if (readsOwnBody(request, request.routeOptions, ownBody, mediaType)) return done(null, undefined);
      done(new ApiError('unsupported_media_type'), undefined);
    });
  }
}
