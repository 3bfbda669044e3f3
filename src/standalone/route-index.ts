import { Injectable } from '@nestjs/common';
import Router from 'find-my-way';

/**
 * A shadow copy of the routing table. Fastify answers a wrong method with 404; this index lets the
 * exception filter tell "no such path" (404) from "path exists, wrong method" (405 + Allow).
 * Filled from fastify's onRoute hook, so it always mirrors the real routes.
 */
@Injectable()
export class RouteIndex {
  private readonly router = Router({ ignoreTrailingSlash: false });
  private readonly methods = new Set<Router.HTTPMethod>();
  private readonly bodyTypes = new Map<string, readonly string[]>();

  add(method: string | string[], url: string): void {
    // Wildcards (CORS's OPTIONS *, static file trees) would make every unknown path "exist".
    // CORS preflight routes are not methods a client may "use" on the path.
    if (url.includes('*')) return;
    for (const m of Array.isArray(method) ? method : [method]) {
      const upper = m.toUpperCase() as Router.HTTPMethod;
      if (upper === 'OPTIONS') continue;
      if (this.router.find(upper, url)) continue;
      this.router.on(upper, url, () => undefined);
      this.methods.add(upper);
    }
  }

  /** The media types each route takes as its body, by `METHOD path` (once Nest has read the controllers). */
  declareBodyTypes(routes: ReadonlyMap<string, readonly string[]>): void {
    for (const [route, types] of routes) this.bodyTypes.set(route, types);
  }

  /** The media types a route takes as its body (JSON for a route that declares none). */
  bodyTypesOf(method: string, url: string | undefined): readonly string[] {
    return this.bodyTypes.get(`${method} ${url}`) ?? ['application/json'];
  }

  /** Methods with a route for this path (query string ignored), sorted; empty when none. */
  allowedMethods(url: string): string[] {
    const path = url.split('?', 1)[0];
    // An empty segment (a trailing slash, `//`) names no route, even where a parameter could be empty.
    if (path.length > 1 && (path.endsWith('/') || path.includes('//'))) return [];
    return [...this.methods].filter((m) => this.router.find(m, path) !== null).sort();
  }
}
