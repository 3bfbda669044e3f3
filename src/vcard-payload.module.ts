import { DynamicModule, Module, Provider } from '@nestjs/common';
import { DiscoveryModule, RouterModule } from '@nestjs/core';
import { RateLimiter } from './core/rate-limit/rate-limiter';
import { Readiness } from './core/lifecycle/readiness';
import { ServiceMetrics } from './core/metrics/service-metrics';
import { ShutdownSignal } from './core/lifecycle/shutdown-signal';
import { ApiEdgeGuard } from './http/api-edge.guard';
import { RouteQueryCheck } from './http/route-query-check';
import { ApiExceptionFilter } from './http/api-exception.filter';
import { EdgePolicy } from './http/edge-policy';
import { CorsPreflightController } from './http/cors-preflight.controller';
import { CodeRenderer } from './infra/render-pool/code-renderer';
import { RenderPools } from './infra/render-pool/render-pools';
import { BatchStore } from './infra/store/batch-store';
import { JobStore } from './infra/store/job-store';
import { StoreHealth } from './infra/store/store-health';
import { REDIS_CONNECTION, STORE_PROVIDERS } from './infra/store/store.providers';
import { RATE_LIMIT_STORAGE } from './core/rate-limit/rate-limiter';
import { BatchesModule } from './modules/batches/batches.module';
import { ErrorsModule } from './modules/errors/errors.module';
import { HealthModule } from './modules/health/health.module';
import { JobsModule } from './modules/jobs/jobs.module';
import { McpModule } from './modules/mcp/mcp.module';
import { ProductModule } from './modules/product/product.module';
import { QrCodesModule } from './modules/qrcodes/qrcodes.module';
import { ScansModule } from './modules/scans/scans.module';
import { StreamModule } from './modules/stream/stream.module';
import { TemplatesModule } from './modules/templates/templates.module';
import { VCardModule } from './modules/vcard/vcard.module';
import { resolveServiceConfig } from './options/resolve-service-config';
import { SERVICE_CONFIG } from './options/service-config';
import type { VCardPayloadOptions } from './options/vcard-payload-options';
import {
  VCARD_PAYLOAD_ASYNC_OPTIONS_TYPE,
  VCARD_PAYLOAD_OPTIONS,
  VCARD_PAYLOAD_OPTIONS_TYPE,
  VCardPayloadConfigurableModule,
} from './vcard-payload.module-definition';

/** The feature modules, each owning its controllers; also what the module's own OpenAPI document covers. */
export const FEATURE_MODULES = [
  HealthModule,
  ProductModule,
  TemplatesModule,
  VCardModule,
  QrCodesModule,
  ScansModule,
  JobsModule,
  BatchesModule,
  StreamModule,
  McpModule,
  ErrorsModule,
];

/** The core module's own services, provided and exported alike. */
const SHARED_SERVICES = [
  RateLimiter,
  ShutdownSignal,
  Readiness,
  ServiceMetrics,
  EdgePolicy,
  ApiEdgeGuard,
  RouteQueryCheck,
  ApiExceptionFilter,
  RenderPools,
  CodeRenderer,
];

/**
 * What every feature module needs: the validated configuration, the stores, the rate limiter, the
 * shutdown signal and the enhancers @ApiRoute() binds. Global so the feature modules see it; its
 * tokens are the module's own (symbols and its own classes), so a host's providers never collide.
 */
@Module({})
class VCardPayloadCoreModule {
  static register(base: DynamicModule): DynamicModule {
    const providers: Provider[] = [
      ...(base.providers ?? []),
      {
        provide: SERVICE_CONFIG,
        inject: [VCARD_PAYLOAD_OPTIONS],
        useFactory: (options: VCardPayloadOptions) => resolveServiceConfig(options),
      },
      ...STORE_PROVIDERS,
      ...SHARED_SERVICES,
    ];
    return {
      module: VCardPayloadCoreModule,
      global: true,
      imports: [...(base.imports ?? []), DiscoveryModule],
      providers,
      exports: [
        SERVICE_CONFIG,
        JobStore,
        BatchStore,
        StoreHealth,
        RATE_LIMIT_STORAGE,
        REDIS_CONNECTION,
        ...SHARED_SERVICES,
      ],
    };
  }
}

/**
 * The whole vCard payload service as one Nest module, for any Nest app on Express or Fastify:
 * `VCardPayloadModule.forRoot({ publicBaseUrl })` or `forRootAsync({ imports, inject, useFactory })`.
 * Its routes (`v1/...` and `mcp`, under the host's prefix or RouterModule path) carry the whole
 * contract: the Error shape, CORS, the rate limit and its headers. Nothing is registered globally,
 * so the host's own routes keep the host's behaviour. Import it once per application.
 */
@Module({})
export class VCardPayloadModule extends VCardPayloadConfigurableModule {
  static forRoot(options: typeof VCARD_PAYLOAD_OPTIONS_TYPE = {}): DynamicModule {
    return VCardPayloadModule.withFeatures(super.forRoot(options));
  }

  static forRootAsync(options: typeof VCARD_PAYLOAD_ASYNC_OPTIONS_TYPE): DynamicModule {
    return VCardPayloadModule.withFeatures(super.forRootAsync(options));
  }

  /**
   * Mounts the module's routes under `path` with Nest's RouterModule (import it next to forRoot):
   * `v1/...` and `mcp` become `<path>/v1/...` and `<path>/mcp`, links and checks follow.
   */
  static routesAt(path: string): DynamicModule {
    return RouterModule.register([{ path, module: VCardPayloadModule, children: FEATURE_MODULES }]);
  }

  private static withFeatures(base: DynamicModule): DynamicModule {
    return {
      module: VCardPayloadModule,
      imports: [VCardPayloadCoreModule.register(base), ...FEATURE_MODULES],
      controllers: [CorsPreflightController],
    };
  }
}
