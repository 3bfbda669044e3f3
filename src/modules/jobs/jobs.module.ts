import { Module } from '@nestjs/common';
import { VCardModule } from '../vcard/vcard.module';
import { JobsController } from './jobs.controller';
import { JobsService } from './jobs.service';

/** vCard jobs: POST /v1/jobs/vcard and GET /v1/jobs/:jobId, stored through the JobStore port. */
@Module({
  imports: [VCardModule],
  controllers: [JobsController],
  providers: [JobsService],
  exports: [JobsService],
})
export class JobsModule {}
