import { Module } from '@nestjs/common';
import { BatchesModule } from '../batches/batches.module';
import { JobsModule } from '../jobs/jobs.module';
import { StreamController } from './stream.controller';
import { StreamLimiter } from './stream-limiter';
import { StreamService } from './stream.service';

/** GET /v1/stream: Server-Sent Events showing the progress of an operation or a job. */
@Module({
  imports: [JobsModule, BatchesModule],
  controllers: [StreamController],
  providers: [StreamService, StreamLimiter],
})
export class StreamModule {}
