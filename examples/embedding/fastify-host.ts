import { DynamicModule, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { VCardPayloadModule } from 'vcard-payload-service';
import type { PlatformSettings } from './platform-settings';
import { ThingsController } from './things.controller';

const SETTINGS = Symbol('PLATFORM_SETTINGS');

/** The platform's own configuration module; VCardPayloadModule reads it through forRootAsync. */
@Module({})
class PlatformSettingsModule {
  static register(settings: PlatformSettings): DynamicModule {
    return {
      module: PlatformSettingsModule,
      providers: [{ provide: SETTINGS, useValue: settings }],
      exports: [SETTINGS],
    };
  }
}

@Module({})
export class FastifyPlatformModule {
  static register(settings: PlatformSettings): DynamicModule {
    return {
      module: FastifyPlatformModule,
      imports: [
        VCardPayloadModule.forRootAsync({
          imports: [PlatformSettingsModule.register(settings)],
          inject: [SETTINGS],
          useFactory: (platform: PlatformSettings) => ({
            publicBaseUrl: platform.publicBaseUrl,
            rateLimit: { max: platform.vcardRequestsPerMinute, windowSeconds: 60 },
            ...(platform.metricsRegistry && { metrics: { registry: platform.metricsRegistry } }),
          }),
        }),
      ],
      controllers: [ThingsController],
    };
  }
}

/** A platform on Fastify with its own prefix: the module serves /platform/v1/... and /platform/mcp. */
export async function createFastifyPlatform(settings: PlatformSettings): Promise<NestFastifyApplication> {
  const app = await NestFactory.create<NestFastifyApplication>(
    FastifyPlatformModule.register(settings),
    new FastifyAdapter(),
    {
      logger: false,
    },
  );
  app.setGlobalPrefix('platform');
  return app;
}
