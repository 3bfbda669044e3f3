import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { JOB_STATUSES, JobRecord, JobStatus } from '../../../infra/store/job-record';
import { VCardResponseDto } from '../../vcard/dto/vcard-response.dto';
import { toJobView } from '../job-view';

@ApiSchema({ name: 'JobLinks' })
class JobLinksDto {
  @ApiProperty({
    format: 'uri',
    description: 'Absolute URL to poll this job, under the prefix the client used (/v1 or /api/v1).',
    example: 'http://localhost:3000/v1/jobs/job_01KAJ4Y9X3M7Q2R8T5V6W0Z1AB',
  })
  self: string;
}

@ApiSchema({ name: 'Job' })
export class JobDto {
  @ApiProperty({
    description: '`job_` followed by a ULID (26 characters of Crockford base32).',
    pattern: '^job_[0-9A-HJKMNP-TV-Z]{26}$',
    example: 'job_01KAJ4Y9X3M7Q2R8T5V6W0Z1AB',
  })
  id: string;

  @ApiProperty({ enum: ['job'] })
  object: 'job';

  @ApiProperty({
    enum: JOB_STATUSES,
    description:
      'queued → running → succeeded, all inside the creating request; failed only when encoding broke unexpectedly (result is then null).',
  })
  status: JobStatus;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'null until the job has finished.' })
  completed_at: string | null;

  @ApiProperty({ type: JobLinksDto })
  links: JobLinksDto;

  @ApiProperty({ type: VCardResponseDto, nullable: true, description: 'The vCard payload; null unless succeeded.' })
  result: VCardResponseDto | null;
}

/** The public Job shape of a stored job, with `links.self` set to `selfUrl`. */
export function toJobDto(job: JobRecord<VCardResponseDto>, selfUrl: string): JobDto {
  return toJobView(job, selfUrl);
}
