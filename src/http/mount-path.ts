import { PATH_METADATA } from '@nestjs/common/constants';
import type { IncomingMessage } from 'node:http';
import type { HttpRequestLike } from './native-http';
import { nativeRequest } from './native-http';

/** Number of path segments of the module route that matched, set on the request by ApiEdgeGuard. */
const ROUTE_SEGMENTS = Symbol('vcard-payload.routeSegments');

type Tagged = IncomingMessage & { [ROUTE_SEGMENTS]?: number };

function countSegments(path: unknown): number {
  const paths = Array.isArray(path) ? path : [path];
  return typeof paths[0] === 'string' ? paths[0].split('/').filter(Boolean).length : 0;
}

/**
 * How many path segments a module route declares itself (`v1/jobs` + `:jobId` = 3), from its
 * controller's and its handler's paths: read once per route (ApiEdgeGuard keeps it).
 */
export function declaredSegments(controller: object, handler: object): number {
  return (
    countSegments(Reflect.getMetadata(PATH_METADATA, controller)) +
    countSegments(Reflect.getMetadata(PATH_METADATA, handler))
  );
}

/**
 * Remembers on the request how many segments the matched route declares itself
 * (declaredSegments), so the path the module is mounted at (a host's global prefix, a
 * RouterModule path, the standalone /api alias) is whatever precedes them in the URL. Declared
 * paths, not guesses from the URL's text.
 */
export function rememberRoute(request: HttpRequestLike, segments: number): void {
  (nativeRequest(request) as Tagged)[ROUTE_SEGMENTS] = segments;
}

function prefixOf(url: string, segments: number): string {
  const query = url.indexOf('?');
  const parts = (query === -1 ? url : url.slice(0, query)).split('/').filter(Boolean);
  const kept = parts.slice(0, Math.max(0, parts.length - segments));
  return kept.length === 0 ? '' : `/${kept.join('/')}`;
}

/**
 * The path prefix the client put before the module's routes (`/api`, `/platform/contacts`, or
 * ''), for links the client will follow: Location, links.self.
 */
export function clientMountPath(request: HttpRequestLike): string {
  const segments = (nativeRequest(request) as Tagged)[ROUTE_SEGMENTS];
  return segments === undefined ? '' : prefixOf(request.originalUrl ?? request.url, segments);
}

/**
 * The prefix the app routes the module under (the standalone /api alias is rewritten away before
 * routing, a host prefix is not), for pages the module serves itself (the error catalogue).
 */
export function routedMountPath(request: HttpRequestLike): string {
  const segments = (nativeRequest(request) as Tagged)[ROUTE_SEGMENTS];
  return segments === undefined ? '' : prefixOf(request.url, segments);
}
