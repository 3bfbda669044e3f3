import { CanActivate, ExecutionContext, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { HttpAdapterHost, Reflector } from '@nestjs/core';
import type { ThrottlerStorageRecord } from '../core/rate-limit/sync-throttler-storage';
import { RateLimiter } from '../core/rate-limit/rate-limiter';
import { SERVICE_CONFIG, ServiceConfig } from '../options/service-config';
import { CORS_RESPONSE_HEADERS } from './cors-headers';
import { isEdgeHandled } from './edge-marker';
import { rememberRoute } from './mount-path';
import { HttpRequestLike, nativeRequest, nativeResponse } from './native-http';
import { ServiceMetrics } from '../core/metrics/service-metrics';

const NOT_COUNTED = Symbol('vcard-payload.notCounted');

/** Exempts a controller's routes from the rate limit (health, CORS preflight). */
export const NotRateLimited = (): ClassDecorator & MethodDecorator => SetMetadata(NOT_COUNTED, true);

/**
 * What every module route does before its handler, on any adapter: remembers the matched route
 * (for links under the mount path), records the request in the metrics when it is answered, adds
 * the CORS response headers, and counts the request against the client's budget with the RateLimit headers (429 with Retry-After when spent). A request the
 * app's edge already handled (the standalone service) is left alone.
 */
@Injectable()
export class ApiEdgeGuard implements CanActivate {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
    private readonly limiter: RateLimiter,
    private readonly reflector: Reflector,
    private readonly adapterHost: HttpAdapterHost,
    private readonly metrics: ServiceMetrics,
  ) {}

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<HttpRequestLike>();
    rememberRoute(context, request);
    if (isEdgeHandled(nativeRequest(request))) return true;

    const response = http.getResponse<object>();
    this.measure(request, response);
    const setHeader = (name: string, value: string): unknown => this.adapterHost.httpAdapter.setHeader(response, name, value);
    if (this.config.cors) for (const [name, value] of Object.entries(CORS_RESPONSE_HEADERS)) setHeader(name, value);
    if (!this.limiter.enabled || this.reflector.getAllAndOverride<boolean>(NOT_COUNTED, [context.getHandler(), context.getClass()])) {
      return true;
    }
    const record = this.limiter.hit(request.ip);
    const settle = (counted: ThrottlerStorageRecord): boolean => {
      const error = this.limiter.apply(counted, setHeader);
      if (error) throw error;
      return true;
    };
    return record instanceof Promise ? record.then(settle) : settle(record);
  }

  /** Counts the request and its latency once its response is sent (errors and 429s included). */
  private measure(request: HttpRequestLike, response: object): void {
    const started = performance.now();
    const raw = nativeResponse(response);
    const routed = request as { routeOptions?: { url?: string }; route?: { path?: string } };
    const route = routed.routeOptions?.url ?? routed.route?.path ?? '(unmatched)';
    raw.once('finish', () => this.metrics.observeHttp(request.method, route, raw.statusCode, (performance.now() - started) / 1000));
  }
}
