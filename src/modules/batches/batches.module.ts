import { Module } from '@nestjs/common';
import { REDIS_CONNECTION, RedisConnection } from '../../infra/store/store.providers';
import { SERVICE_CONFIG, ServiceConfig } from '../../options/service-config';
import { ScansModule } from '../scans/scans.module';
import { TemplatesModule } from '../templates/templates.module';
import { VCardModule } from '../vcard/vcard.module';
import { BatchProcessor } from './batch-processor';
import { BatchRunner, BullBatchRunner, MemoryBatchRunner } from './batch-runner';
import { BatchSheetController } from './batch-sheet.controller';
import { BatchSheets } from './batch-sheets';
import { BatchesController } from './batches.controller';
import { BatchesService } from './batches.service';
import { BatchOutcomes } from './batch-outcomes';
import { BatchPlainCodes } from './batch-plain-codes';
import { BatchStyledCodes } from './batch-styled-codes';
import { DownloadLimiter } from './download-limiter';

/**
 * Batches: POST /v1/batches (JSON, CSV, vCard, or a ZIP of images, scanned) and its progress, items
 * and cards. In memory, an in-process runner;
 * with Redis, the batches live in Redis and their chunks go through a BullMQ queue that every
 * instance works on.
 */
@Module({
  imports: [VCardModule, TemplatesModule, ScansModule],
  controllers: [BatchesController, BatchSheetController],
  providers: [
    BatchProcessor,
    {
      provide: BatchRunner,
      inject: [SERVICE_CONFIG, REDIS_CONNECTION, BatchProcessor],
      useFactory: (
        config: ServiceConfig,
        redis: RedisConnection | null,
        processor: BatchProcessor,
      ): BatchRunner | Promise<BatchRunner> =>
        redis
          ? BullBatchRunner.start(redis.client, processor, config.jobs.ttlSeconds)
          : new MemoryBatchRunner(processor),
    },
    BatchesService,
    BatchOutcomes,
    BatchPlainCodes,
    BatchStyledCodes,
    BatchSheets,
    DownloadLimiter,
  ],
  exports: [BatchesService, BatchOutcomes],
})
export class BatchesModule {}
