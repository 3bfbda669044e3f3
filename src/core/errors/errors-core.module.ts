import { Global, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { ApiExceptionFilter } from './api-exception.filter';
import { RouteIndex } from './route-index';

/** Registers the global exception filter, so every app built from AppModule answers errors alike. */
@Global()
@Module({
  providers: [RouteIndex, { provide: APP_FILTER, useClass: ApiExceptionFilter }],
  exports: [RouteIndex],
})
export class ErrorsCoreModule {}
