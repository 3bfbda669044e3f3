import { Controller, Headers, HttpCode, Options, Res } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { ApiExcludeController } from '@nestjs/swagger';
import { EdgePolicy } from './edge-policy';

/** Every path the module serves, as its controllers declare them (relative to the mount path). */
export const MODULE_PATHS = [
  'v1/health',
  'v1/product',
  'v1/vcard',
  'v1/qrcodes',
  'v1/templates',
  'v1/templates/:id',
  'v1/jobs/vcard',
  'v1/jobs/:jobId',
  'v1/batches',
  'v1/batches/:batchId/style',
  'v1/stream',
  'v1/errors/example',
  'mcp',
] as const;

/**
 * CORS preflight for the module's paths, on any adapter, answered as the EdgePolicy says: 204 with
 * the allowed methods, the request's headers reflected and max-age. Not counted against the rate
 * limit (no guard). With `cors: false` the module declines (404) and the host decides.
 */
@ApiExcludeController()
@Controller()
export class CorsPreflightController {
  constructor(
    private readonly policy: EdgePolicy,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  @Options([...MODULE_PATHS])
  @HttpCode(204)
  preflight(
    @Headers('access-control-request-method') method: string | undefined,
    @Headers('access-control-request-headers') requested: string | undefined,
    @Res({ passthrough: true }) response: object,
  ): void {
    const headers = this.policy.preflight(method, requested);
    for (const [name, value] of Object.entries(headers)) this.adapterHost.httpAdapter.setHeader(response, name, value);
  }
}
