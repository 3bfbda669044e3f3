import type { Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import type { DiscoveryService } from '@nestjs/core';

/** One controller route as Nest declares it: its handler, its controller, and its paths from the app's root. */
export interface DeclaredRoute {
  handler: (...args: never[]) => unknown;
  controller: Type;
  paths: string[];
}

/**
 * Every controller route of the app, read from Nest's own route metadata (the paths the
 * standalone app mounts them at): how an app-wide adapter finds what a route declares about itself
 * (its rate cost, that it reads its own body) without naming any route.
 */
export function declaredRoutes(discovery: DiscoveryService): DeclaredRoute[] {
  const routes: DeclaredRoute[] = [];
  for (const wrapper of discovery.getControllers()) {
    const controller = wrapper.metatype as Type | null;
    if (!controller) continue;
    const prototype = controller.prototype as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const handler = prototype[name];
      if (typeof handler !== 'function' || Reflect.getMetadata(METHOD_METADATA, handler) === undefined) continue;
      const paths = joinPaths(
        Reflect.getMetadata(PATH_METADATA, controller),
        Reflect.getMetadata(PATH_METADATA, handler),
      );
      routes.push({ handler: handler as DeclaredRoute['handler'], controller, paths });
    }
  }
  return routes;
}

function joinPaths(controllerPath: unknown, handlerPath: unknown): string[] {
  const list = (value: unknown): string[] => (Array.isArray(value) ? value : [value ?? '']).map(String);
  return list(controllerPath).flatMap((base) =>
    list(handlerPath).map(
      (path) =>
        `/${[base, path]
          .flatMap((part) => part.split('/'))
          .filter(Boolean)
          .join('/')}`,
    ),
  );
}
