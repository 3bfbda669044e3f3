import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { ServiceMetrics } from '../core/metrics/service-metrics';
import type { QueryDeclaration } from '../core/validation/query-declaration';
import { EdgePolicy } from './edge-policy';
import { declaredSegments, rememberRoute } from './mount-path';
import { HttpRequestLike, nativeRequest, nativeResponse } from './native-http';
import { RouteQueryCheck } from './route-query-check';

/** What the guard reads of a route's declaration, once per handler. */
interface RouteFacts {
  /** The controller the facts were read with. */
  controller: object;
  /** The path segments the route declares itself (for links under the mount path). */
  segments: number;
  /** Its query's declaration (RouteQueryCheck). */
  query: QueryDeclaration<unknown>;
  /** Whether a request to it counts against the client's budget (EdgePolicy). */
  counts: boolean;
}

/**
 * The module's adapter of the EdgePolicy, before every module route's handler on any adapter:
 * remembers the matched route (for links under the mount path) and, unless the app's edge already
 * admitted the request (the standalone service), records it in the metrics once answered and
 * admits it (CORS headers, the rate limit by the route's declaration, a 429 when spent); then
 * checks the query against the route's declared parameters (RouteQueryCheck). What it needs of a
 * route's metadata is read on the route's first request and kept: one lookup a request.
 */
@Injectable()
export class ApiEdgeGuard implements CanActivate {
  private readonly routes = new WeakMap<object, RouteFacts>();

  constructor(
    private readonly policy: EdgePolicy,
    private readonly adapterHost: HttpAdapterHost,
    private readonly metrics: ServiceMetrics,
    private readonly query: RouteQueryCheck,
  ) {}

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    // By index (arguments 0 and 1 of an HTTP context), not through a switchToHttp() wrapper per request.
    const request = context.getArgByIndex<HttpRequestLike>(0);
    const route = this.routeOf(context);
    rememberRoute(request, route.segments);
    const raw = nativeRequest(request);
    if (this.policy.isAdmitted(raw)) {
      this.query.check(route.query, request);
      return true;
    }

    const response = context.getArgByIndex<object>(1);
    this.measure(request, response);
    const setHeader = (name: string, value: string): unknown =>
      this.adapterHost.httpAdapter.setHeader(response, name, value);
    const admission = this.policy.admit(raw, request.ip, route.counts, setHeader);
    const settle = (error: Error | undefined): boolean => {
      if (error) throw error;
      this.query.check(route.query, request);
      return true;
    };
    return admission instanceof Promise ? admission.then(settle) : settle(admission);
  }

  /**
   * The facts of the matched route, read from its metadata on its first request. Kept by handler,
   * for the controller it was read with: a handler a subclassed controller shares is read afresh.
   */
  private routeOf(context: ExecutionContext): RouteFacts {
    const handler = context.getHandler();
    const controller = context.getClass();
    const kept = this.routes.get(handler);
    if (kept?.controller === controller) return kept;
    const route: RouteFacts = {
      controller,
      segments: declaredSegments(controller, handler),
      query: this.query.declarationOf(handler),
      counts: this.policy.countsHandler(handler, controller),
    };
    if (kept === undefined) this.routes.set(handler, route);
    return route;
  }

  /** Counts the request and its latency once its response is sent (errors and 429s included). */
  private measure(request: HttpRequestLike, response: object): void {
    const started = performance.now();
    const raw = nativeResponse(response);
    const routed = request as { routeOptions?: { url?: string }; route?: { path?: string } };
    const route = routed.routeOptions?.url ?? routed.route?.path ?? '(unmatched)';
    raw.once('finish', () =>
      this.metrics.observeHttp(request.method, route, raw.statusCode, (performance.now() - started) / 1000),
    );
  }
}
