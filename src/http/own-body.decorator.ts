import { RequestMethod, SetMetadata } from '@nestjs/common';
import { METHOD_METADATA } from '@nestjs/common/constants';
import type { DiscoveryService } from '@nestjs/core';
import { declaredRoutes } from './declared-routes';

const OWN_BODY = Symbol('vcard-payload.ownBody');

/**
 * Declares a route that reads its own request body as it arrives (a batch of megabytes, read a
 * piece at a time so no turn of the event loop parses it whole, with its own limit). An app that
 * parses bodies itself (the standalone's parsers) leaves such a route's body unread; a host whose
 * parser already read it hands the parsed body, which the route takes too.
 */
export const ReadsOwnBody = (): MethodDecorator => SetMetadata(OWN_BODY, true);

/** The `METHOD path` of every route that reads its own body (`POST /v1/batches`). */
export function ownBodyRoutes(discovery: DiscoveryService): Set<string> {
  const routes = new Set<string>();
  for (const { handler, paths } of declaredRoutes(discovery)) {
    if (Reflect.getMetadata(OWN_BODY, handler) !== true) continue;
    const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
    for (const path of paths) routes.add(`${method} ${path}`);
  }
  return routes;
}
