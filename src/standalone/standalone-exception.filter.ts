import { Catch, HttpException, Inject } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { ApiExceptionFilter, ResolvedError } from '../http/api-exception.filter';
import type { HttpRequestLike } from '../http/native-http';
import { unsupportedMediaType } from '../http/utf8-body';
import { SERVICE_CONFIG, ServiceConfig } from '../options/service-config';
import { RouteIndex } from './route-index';

/**
 * The standalone app's global filter, for what no module route sees: unknown paths (404), known
 * paths with the wrong method (405 with Allow), and body-parser errors with the body limit named.
 * A whole application owns these; the module's routes have their own filter.
 */
@Catch()
export class StandaloneExceptionFilter extends ApiExceptionFilter {
  constructor(
    @Inject(SERVICE_CONFIG) config: ServiceConfig,
    adapterHost: HttpAdapterHost,
    @Inject(APP_CONFIG) private readonly app: AppConfig,
    private readonly routes: RouteIndex,
  ) {
    super(config, adapterHost);
  }

  protected override resolve(exception: unknown, request: HttpRequestLike): ResolvedError {
    const resolved = super.resolve(exception, request);
    if (resolved.code === 'payload_too_large' && !resolved.details) {
      // The limit of the route that refused the body (POST /v1/batches has its own).
      const routeLimit = (request as { routeOptions?: { bodyLimit?: number } }).routeOptions?.bodyLimit;
      return { ...resolved, details: { maxBytes: routeLimit ?? this.app.bodyLimitBytes } };
    }
    if (resolved.code === 'unsupported_media_type' && !resolved.message && !resolved.details) {
      // A body type no parser takes, or one only other routes read themselves: what this route takes.
      const route = (request as { routeOptions?: { url?: string } }).routeOptions?.url;
      return { code: resolved.code, ...unsupportedMediaType(this.routes.bodyTypesOf(request.method, route)).extras };
    }
    if (exception instanceof HttpException && exception.getStatus() === 404 && (request as { is404?: boolean }).is404) {
      const allowed = this.routes.allowedMethods((request.raw ?? request).url ?? '/');
      if (allowed.length > 0) {
        return {
          code: 'method_not_allowed',
          message: `${request.method} is not allowed on this path.`,
          headers: { Allow: allowed.join(', ') },
        };
      }
      return { code: 'not_found' };
    }
    return resolved;
  }
}
