import { Module } from '@nestjs/common';
import { RateLimiter } from './rate-limiter';

/**
 * The edge rate limiter. Its counter store is @nestjs/throttler's ThrottlerStorage port, provided
 * by the StoreModule (in memory, or Redis shared by all instances).
 */
@Module({
  providers: [RateLimiter],
  exports: [RateLimiter],
})
export class RateLimitModule {}
