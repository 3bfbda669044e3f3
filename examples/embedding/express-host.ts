import { DynamicModule, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter, NestExpressApplication } from '@nestjs/platform-express';
import { VCardPayloadModule } from 'vcard-payload-service';
import type { PlatformSettings } from './platform-settings';
import { ThingsController } from './things.controller';

@Module({})
export class ExpressPlatformModule {
  static register(settings: PlatformSettings): DynamicModule {
    return {
      module: ExpressPlatformModule,
      imports: [
        VCardPayloadModule.forRoot({
          publicBaseUrl: settings.publicBaseUrl,
          rateLimit: { max: settings.vcardRequestsPerMinute, windowSeconds: 60 },
          ...(settings.metricsRegistry && { metrics: { registry: settings.metricsRegistry } }),
        }),
      ],
      controllers: [ThingsController],
    };
  }
}

/** A platform on Express with its own prefix: the module serves /platform/v1/... and /platform/mcp. */
export async function createExpressPlatform(settings: PlatformSettings): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(
    ExpressPlatformModule.register(settings),
    new ExpressAdapter(),
    {
      logger: false,
    },
  );
  app.setGlobalPrefix('platform');
  return app;
}
