import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBody,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import { SERVICE_CONFIG, ServiceConfig } from '../../options/service-config';
import { ApiRoute } from '../../http/api-route.decorator';
import type { HttpRequestLike, HttpResponseLike } from '../../http/native-http';
import { IdempotencyKey } from '../../http/idempotency-key.decorator';
import { optionalQueryString } from '../../core/validation/optional-query-string';
import { ContactValidator } from '../../core/validation/contact-validator';
import { ApiErrorResponses } from '../errors/api-error-responses.decorator';
import { VCardRequestDto } from '../vcard/dto/vcard-request.dto';
import { cardOptions } from '../vcard/card-options';
import {
  CARD_ERRORS,
  CARD_QUERY_DOCS,
  createdResourceHeaders,
  IDEMPOTENCY_KEY_HEADER_DOC,
  TEMPLATE_QUERY_DOC,
  RATE_LIMIT_HEADERS_DOC,
} from '../vcard/card-route-docs';
import { JobDto, toJobDto } from './dto/job.dto';
import { jobUrl } from './job-url';
import { JobsService } from './jobs.service';

@ApiTags('jobs')
@ApiRoute()
@Controller('v1/jobs')
export class JobsController {
  constructor(
    private readonly jobs: JobsService,
    private readonly contacts: ContactValidator,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
  ) {}

  @Post('vcard')
  @HttpCode(202)
  @ApiOperation({
    operationId: 'createVCardJob',
    summary: 'Create a vCard payload as a job',
    description:
      'The job is created, run and finished inside this request, so the 202 body already holds the result; poll Location (or links.self) to read it again until it expires (JOB_TTL_SECONDS, default 900 s). ' +
      'With an Idempotency-Key, repeating the same request while the job lives returns the same job with Idempotent-Replayed: true; the same key with a different body is 409. ' +
      'Invalid input is a 400 and creates no job.',
  })
  @ApiBody({ type: VCardRequestDto })
  @ApiHeader({
    ...IDEMPOTENCY_KEY_HEADER_DOC,
    description:
      'Optional, 1-255 visible ASCII characters. The same key and body within the job TTL return the same job; the same key with another body is 409 idempotency_key_reused.',
  })
  @ApiQuery(TEMPLATE_QUERY_DOC)
  @ApiQuery(CARD_QUERY_DOCS.format)
  @ApiQuery(CARD_QUERY_DOCS.qrVersion)
  @ApiQuery(CARD_QUERY_DOCS.qrLevel)
  @ApiAcceptedResponse({
    type: JobDto,
    description: 'The finished job.',
    headers: createdResourceHeaders('job', true),
  })
  @ApiErrorResponses(...CARD_ERRORS, 'idempotency_key_reused')
  async create(
    @IdempotencyKey() idempotencyKey: string | undefined,
    @Body() input: unknown,
    @Query() query: Record<string, unknown>,
    @Req() request: HttpRequestLike,
    @Res({ passthrough: true }) reply: HttpResponseLike,
  ): Promise<JobDto> {
    const body = this.contacts.validate(input);
    const options = cardOptions(query);
    const { job, replayed } = await this.jobs.create(
      body,
      optionalQueryString(query.template),
      idempotencyKey,
      options,
    );
    const dto = toJobDto(job, jobUrl(this.config.publicBaseUrl, request, job.id));
    reply.header('Location', dto.links.self);
    if (replayed) reply.header('Idempotent-Replayed', 'true');
    return dto;
  }

  @Get(':jobId')
  @ApiOperation({
    operationId: 'getJob',
    summary: 'Get a job by id',
    description:
      'Jobs expire JOB_TTL_SECONDS (default 900 s) after creation; the in-memory store also evicts the oldest beyond MAX_JOBS.',
  })
  @ApiParam({
    name: 'jobId',
    description: 'The id returned by job creation.',
    example: 'job_01KAJ4Y9X3M7Q2R8T5V6W0Z1AB',
  })
  @ApiOkResponse({ type: JobDto, headers: { ...RATE_LIMIT_HEADERS_DOC } })
  @ApiErrorResponses('job_not_found', 'rate_limited')
  async get(@Param('jobId') jobId: string, @Req() request: HttpRequestLike): Promise<JobDto> {
    const job = await this.jobs.get(jobId);
    return toJobDto(job, jobUrl(this.config.publicBaseUrl, request, job.id));
  }
}
