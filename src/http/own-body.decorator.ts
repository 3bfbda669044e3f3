import { RequestMethod, SetMetadata } from '@nestjs/common';
import { METHOD_METADATA } from '@nestjs/common/constants';
import type { DiscoveryService } from '@nestjs/core';
import { declaredRoutes } from './declared-routes';

const OWN_BODY = Symbol('vcard-payload.ownBody');

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

/** Every route that reads its own body, by `METHOD path` (`POST /v1/batches`), with the media types it reads itself. */
export function ownBodyRoutes(discovery: DiscoveryService): Map<string, OwnBodyTypes> {
  const routes = new Map<string, OwnBodyTypes>();
  for (const { handler, paths } of declaredRoutes(discovery)) {
    const types = Reflect.getMetadata(OWN_BODY, handler) as OwnBodyTypes | undefined;
    if (types === undefined) continue;
    const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
    for (const path of paths) routes.set(`${method} ${path}`, types);
  }
  return routes;
}
