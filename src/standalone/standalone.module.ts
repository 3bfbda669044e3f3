import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { VCardPayloadModule } from '../vcard-payload.module';
import { Drain } from './drain';
import { MetricsServer } from './metrics-server';
import { PlaygroundController } from './playground.controller';
import { RequestLogger } from './request-logger';
import { RouteIndex } from './route-index';
import { StandaloneExceptionFilter } from './standalone-exception.filter';

/**
 * The standalone service: the first host of VCardPayloadModule, plus what only a whole
 * application owns (the global filter for unknown routes and parser errors, the request log), and
 * the playground page at GET / unless PLAYGROUND=false.
 */
@Module({})
export class StandaloneModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: StandaloneModule,
      imports: [VCardPayloadModule.forRoot(config.options)],
      controllers: config.playground ? [PlaygroundController] : [],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        RouteIndex,
        RequestLogger,
        Drain,
        MetricsServer,
        { provide: APP_FILTER, useClass: StandaloneExceptionFilter },
      ],
    };
  }
}
