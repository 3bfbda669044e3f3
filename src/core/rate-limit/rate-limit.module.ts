import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { FixedWindowThrottlerStorage } from './fixed-window-throttler.storage';
import { RateLimiter } from './rate-limiter';

@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        throttlers: [{ limit: config.rateLimit.max, ttl: config.rateLimit.windowSeconds * 1000 }],
        storage: new FixedWindowThrottlerStorage(),
      }),
    }),
  ],
  providers: [RateLimiter],
  exports: [RateLimiter],
})
export class RateLimitModule {}
