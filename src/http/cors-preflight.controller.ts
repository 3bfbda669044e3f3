import { Controller, Headers, HttpCode, Inject, Options, Res } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { ApiExcludeController } from '@nestjs/swagger';
import { ApiError } from '../core/errors/api-error';
import { SERVICE_CONFIG, ServiceConfig } from '../options/service-config';
import { isPreflight, preflightHeaders } from './cors-headers';

/** Every path the module serves, as its controllers declare them (relative to the mount path). */
export const MODULE_PATHS = [
  'v1/health',
  'v1/product',
  'v1/vcard',
  'v1/templates',
  'v1/templates/:id',
  'v1/jobs/vcard',
  'v1/jobs/:jobId',
  'v1/stream',
  'v1/errors/example',
  'mcp',
] as const;

/**
 * CORS preflight for the module's paths, on any adapter: 204 with the allowed methods, the
 * request's headers reflected and max-age, as @fastify/cors and `cors` answer it. Not counted
 * against the rate limit. With `cors: false` the module declines (404) and the host decides.
 */
@ApiExcludeController()
@Controller()
export class CorsPreflightController {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  @Options([...MODULE_PATHS])
  @HttpCode(204)
  preflight(
    @Headers('access-control-request-method') method: string | undefined,
    @Headers('access-control-request-headers') requested: string | undefined,
    @Res({ passthrough: true }) response: object,
  ): void {
    if (!this.config.cors) throw new ApiError('not_found');
    if (!isPreflight(method)) {
      throw new ApiError('bad_request', {
        message: 'An OPTIONS request here must be a CORS preflight.',
        hint: 'Send Access-Control-Request-Method (browsers do this for you).',
      });
    }
    for (const [name, value] of Object.entries(preflightHeaders(requested))) this.adapterHost.httpAdapter.setHeader(response, name, value);
  }
}
