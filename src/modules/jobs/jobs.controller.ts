import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ContactValidator } from '../../core/validation/contact-validator';
import { ApiRoute } from '../../http/api-route.decorator';
import { IdempotencyKey } from '../../http/idempotency-key.decorator';
import type { HttpRequestLike, HttpResponseLike } from '../../http/native-http';
import { ReadsOwnBody } from '../../http/own-body.decorator';
import { CheckedQuery, RouteQuery } from '../../http/route-query.decorator';
import { SERVICE_CONFIG, ServiceConfig } from '../../options/service-config';
import { CARD_QUERY, cardOptions, type CardQuery } from '../vcard/card-query';
import { isVCardBody, VCARD_BODY_TYPES } from '../vcard/vcard-body';
import { VCardImportService } from '../vcard/vcard-import.service';
import { JobDto, toJobDto } from './dto/job.dto';
import { jobUrl } from './job-url';
import { CreateJobDocs, GetJobDocs } from './jobs.docs';
import { JobsService } from './jobs.service';

@ApiTags('jobs')
@ApiRoute()
@Controller('v1/jobs')
export class JobsController {
  constructor(
    private readonly jobs: JobsService,
    private readonly contacts: ContactValidator,
    private readonly imports: VCardImportService,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
  ) {}

  /** A contact as JSON, or a vCard file imported (its body read here, within its own limit). */
  @Post('vcard')
  @HttpCode(202)
  @CreateJobDocs()
  @RouteQuery(CARD_QUERY)
  @ReadsOwnBody(VCARD_BODY_TYPES)
  async create(
    @IdempotencyKey() idempotencyKey: string | undefined,
    @Body() input: unknown,
    @CheckedQuery() query: CardQuery,
    @Req() request: HttpRequestLike,
    @Res({ passthrough: true }) reply: HttpResponseLike,
  ): Promise<JobDto> {
    const imported = isVCardBody(request) ? await this.imports.fromRequest(request) : undefined;
    const body = imported?.report.contact ?? this.contacts.validate(input);
    const { job, replayed } = await this.jobs.create(
      body,
      query.template,
      idempotencyKey,
      cardOptions(query),
      imported,
    );
    const dto = toJobDto(job, jobUrl(this.config.publicBaseUrl, request, job.id));
    reply.header('Location', dto.links.self);
    if (replayed) reply.header('Idempotent-Replayed', 'true');
    return dto;
  }

  @Get(':jobId')
  @GetJobDocs()
  async get(@Param('jobId') jobId: string, @Req() request: HttpRequestLike): Promise<JobDto> {
    const job = await this.jobs.get(jobId);
    return toJobDto(job, jobUrl(this.config.publicBaseUrl, request, job.id));
  }
}
