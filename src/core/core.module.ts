import { Module } from '@nestjs/common';
import { APP_PIPE } from '@nestjs/core';
import { ErrorsCoreModule } from './errors/errors-core.module';
import { LifecycleModule } from './lifecycle/lifecycle.module';
import { RequestLogger } from './logging/request-logger';
import { RateLimitModule } from './rate-limit/rate-limit.module';
import { createValidationPipe } from './validation/create-validation-pipe';

/** Cross-cutting behaviour every app built from AppModule gets: errors, validation, limits, logs. */
@Module({
  imports: [ErrorsCoreModule, LifecycleModule, RateLimitModule],
  providers: [RequestLogger, { provide: APP_PIPE, useFactory: createValidationPipe }],
  exports: [RequestLogger, RateLimitModule],
})
export class CoreModule {}
