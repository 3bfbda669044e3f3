import { RequestMethod, SetMetadata } from '@nestjs/common';
import { METHOD_METADATA } from '@nestjs/common/constants';
import type { DiscoveryService } from '@nestjs/core';
import type { ServiceConfig } from '../options/service-config';
import { declaredRoutes } from './declared-routes';

const BODY_LIMIT = Symbol('vcard-payload.bodyLimit');

/**
 * Declares a route's own body limit, from the module's configuration (a vCard file, a styled
 * code's logo): the standalone app applies it to the route instead of its default; a host's body
 * parser keeps its own.
 */
export const BodyLimit = (limit: (config: ServiceConfig) => number): MethodDecorator => SetMetadata(BODY_LIMIT, limit);

/** The body limit of every route that declares one, by `METHOD path` (`POST /v1/qrcodes`). */
export function declaredBodyLimits(discovery: DiscoveryService, config: ServiceConfig): Map<string, number> {
  const limits = new Map<string, number>();
  for (const { handler, paths } of declaredRoutes(discovery)) {
    const limit = Reflect.getMetadata(BODY_LIMIT, handler) as ((config: ServiceConfig) => number) | undefined;
    if (limit === undefined) continue;
    const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
    for (const path of paths) limits.set(`${method} ${path}`, limit(config));
  }
  return limits;
}
