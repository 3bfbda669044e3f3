import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { ServiceMetrics } from '../core/metrics/service-metrics';
import { EdgePolicy } from './edge-policy';
import { rememberRoute } from './mount-path';
import { HttpRequestLike, nativeRequest, nativeResponse } from './native-http';
import { RouteQueryCheck } from './route-query-check';

/**
 * The module's adapter of the EdgePolicy, before every module route's handler on any adapter:
 * remembers the matched route (for links under the mount path) and, unless the app's edge already
 * admitted the request (the standalone service), records it in the metrics once answered and
 * admits it (CORS headers, the rate limit by the route's declaration, a 429 when spent); then
 * checks the query against the route's declared parameters (RouteQueryCheck).
 */
@Injectable()
export class ApiEdgeGuard implements CanActivate {
  constructor(
    private readonly policy: EdgePolicy,
    private readonly adapterHost: HttpAdapterHost,
    private readonly metrics: ServiceMetrics,
    private readonly query: RouteQueryCheck,
  ) {}

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    // By index (arguments 0 and 1 of an HTTP context), not through a switchToHttp() wrapper per request.
    const request = context.getArgByIndex<HttpRequestLike>(0);
    rememberRoute(context, request);
    const raw = nativeRequest(request);
    if (this.policy.isAdmitted(raw)) {
      this.query.check(context, request);
      return true;
    }

    const response = context.getArgByIndex<object>(1);
    this.measure(request, response);
    const counts = this.policy.countsHandler(context.getHandler(), context.getClass());
    const setHeader = (name: string, value: string): unknown =>
      this.adapterHost.httpAdapter.setHeader(response, name, value);
    const admission = this.policy.admit(raw, request.ip, counts, setHeader);
    const settle = (error: Error | undefined): boolean => {
      if (error) throw error;
      this.query.check(context, request);
      return true;
    };
    return admission instanceof Promise ? admission.then(settle) : settle(admission);
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
