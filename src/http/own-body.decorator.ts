import { RequestMethod, SetMetadata } from '@nestjs/common';
import { METHOD_METADATA } from '@nestjs/common/constants';
import type { DiscoveryService } from '@nestjs/core';
import { declaredRoutes } from './declared-routes';

const OWN_BODY = Symbol('vcard-payload.ownBody');
const TAKES = Symbol('vcard-payload.takesBodies');
const JSON_BODY = 'application/json';

/** The media types a route reads itself: every one it takes, or these only (the others the app's parsers read). */
export type OwnBodyTypes = 'all' | ReadonlySet<string>;

/**
 * Declares a route that reads its own request body as it arrives (a batch of megabytes, read a
 * piece at a time so no turn of the event loop parses it whole, with its own limit): every body it
 * takes, or only those of the media types named (a vCard file beside the JSON the app parses). An
 * app that parses bodies itself (the standalone's parsers) leaves such a body unread; a host whose
 * parser already read it hands the parsed body, which the route takes too.
 */
export const ReadsOwnBody = (mediaTypes?: readonly string[]): MethodDecorator =>
  SetMetadata(OWN_BODY, mediaTypes === undefined ? 'all' : new Set(mediaTypes.map((type) => type.toLowerCase())));

/**
 * Every route that reads its own body, by path then method (`/v1/batches`, `POST`), with the media
 * types it reads itself: a body parser finds its route's entry with the route's path and the
 * request's method as they are, building no key.
 */
export function ownBodyRoutes(discovery: DiscoveryService): Map<string, Map<string, OwnBodyTypes>> {
  const routes = new Map<string, Map<string, OwnBodyTypes>>();
  for (const { handler, paths } of declaredRoutes(discovery)) {
    const types = Reflect.getMetadata(OWN_BODY, handler) as OwnBodyTypes | undefined;
    if (types === undefined) continue;
    const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
    for (const path of paths) {
      const methods = routes.get(path) ?? new Map<string, OwnBodyTypes>();
      routes.set(path, methods.set(method, types));
    }
  }
  return routes;
}

/**
 * Declares every media type a route takes as its body, where @ReadsOwnBody() does not say it (a
 * route that reads all its bodies itself): what its 415 lists.
 */
export const TakesBodies = (mediaTypes: readonly string[]): MethodDecorator => SetMetadata(TAKES, mediaTypes);

/**
 * The media types a route takes as its body: as declared with @TakesBodies(), else JSON and the
 * types it reads itself (@ReadsOwnBody(types)), else JSON alone.
 */
export function takenBodyTypes(handler: object): readonly string[] {
  const declared = Reflect.getMetadata(TAKES, handler) as readonly string[] | undefined;
  if (declared !== undefined) return declared;
  const own = Reflect.getMetadata(OWN_BODY, handler) as OwnBodyTypes | undefined;
  return own instanceof Set ? [JSON_BODY, ...own] : [JSON_BODY];
}

/** Every route's body media types by `METHOD path`, as takenBodyTypes() gives them. */
export function bodyTypeRoutes(discovery: DiscoveryService): Map<string, readonly string[]> {
  const routes = new Map<string, readonly string[]>();
  for (const { handler, paths } of declaredRoutes(discovery)) {
    const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
    for (const path of paths) routes.set(`${method} ${path}`, takenBodyTypes(handler));
  }
  return routes;
}
