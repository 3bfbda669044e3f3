import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { ToQueryInteger } from '../../../core/validation/to-query-integer.decorator';

export const STREAM_OPERATIONS = ['create_vcard_payload', 'get_product_context'] as const;
export type StreamOperation = (typeof STREAM_OPERATIONS)[number];

const INTERVAL_MESSAGE = 'intervalMs must be a whole number from 0 to 2000';

export class StreamQuery {
  @ApiPropertyOptional({
    enum: STREAM_OPERATIONS,
    default: 'create_vcard_payload',
    description: 'Echoed in every event.',
  })
  @IsOptional()
  @IsIn(STREAM_OPERATIONS, { message: `operation must be one of ${STREAM_OPERATIONS.join(', ')}` })
  operation: StreamOperation = 'create_vcard_payload';

  @ApiPropertyOptional({
    description:
      'Stream this job instead (its `complete` event carries jobId and the Job). Only with operation create_vcard_payload. Unknown or expired: 404 job_not_found before any event.',
    example: 'job_01KAJ4Y9X3M7Q2R8T5V6W0Z1AB',
  })
  @IsOptional()
  @IsString({ message: 'jobId must be given once, as a string' })
  jobId?: string;

  @ApiPropertyOptional({
    description:
      'Follow this batch instead: a `progress` event whenever more of its contacts are processed (percent = processed / total), at most four a second, then `complete` with the final counts. Unknown or expired: 404 batch_not_found before any event.',
    example: 'batch_01KAJ4Y9X3M7Q2R8T5V6W0Z1AB',
  })
  @IsOptional()
  @IsString({ message: 'batchId must be given once, as a string' })
  batchId?: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    maximum: 2000,
    default: 0,
    description:
      'Pause between events in milliseconds, for clients that want to watch the steps arrive (0: as fast as possible).',
  })
  @ToQueryInteger()
  @IsOptional()
  @IsInt({ message: INTERVAL_MESSAGE })
  @Min(0, { message: INTERVAL_MESSAGE })
  @Max(2000, { message: INTERVAL_MESSAGE })
  intervalMs: number = 0;
}
