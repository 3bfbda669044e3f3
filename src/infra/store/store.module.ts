import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { JobStore } from './job-store';
import { MemoryJobStore } from './memory/memory-job-store';

/** Provides the JobStore port. Only the in-memory driver exists today; a Redis one would be chosen here. */
@Global()
@Module({
  providers: [
    {
      provide: JobStore,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        new MemoryJobStore({ ttlSeconds: config.jobs.ttlSeconds, maxJobs: config.jobs.maxJobs }),
    },
  ],
  exports: [JobStore],
})
export class StoreModule {}
