import { Module } from '@nestjs/common';
import { ErrorsCoreModule } from './errors/errors-core.module';
import { LifecycleModule } from './lifecycle/lifecycle.module';
import { RequestLogger } from './logging/request-logger';
import { RateLimitModule } from './rate-limit/rate-limit.module';

/**
 * Cross-cutting behaviour every app built from AppModule gets: errors, limits, logs. Validation is
 * per parameter (@ValidatedBody(), ApiValidationPipe), not a global pipe, so importing these
 * modules into a larger platform adds no pipe to the platform's own routes.
 */
@Module({
  imports: [ErrorsCoreModule, LifecycleModule, RateLimitModule],
  providers: [RequestLogger],
  exports: [RequestLogger, RateLimitModule],
})
export class CoreModule {}
