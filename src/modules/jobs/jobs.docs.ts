import { applyDecorators } from '@nestjs/common';
import { ApiAcceptedResponse, ApiExtraModels, ApiHeader, ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import { ApiErrorResponses } from '../errors/api-error-responses.decorator';
import {
  CARD_ERRORS,
  CONTACT_OR_VCARD_BODY,
  createdResourceHeaders,
  IDEMPOTENCY_KEY_HEADER_DOC,
  RATE_LIMIT_HEADERS_DOC,
} from '../vcard/card-route-docs';
import { VCardRequestDto } from '../vcard/dto/vcard-request.dto';
import { JobDto } from './dto/job.dto';

/** The OpenAPI description of POST /v1/jobs/vcard. */
export function CreateJobDocs(): MethodDecorator {
  return applyDecorators(
    ApiOperation({
      operationId: 'createVCardJob',
      summary: 'Create a vCard payload as a job',
      description:
        'The job is created, run and finished inside this request, so the 202 body already holds the result; poll Location (or links.self) to read it again until it expires (JOB_TTL_SECONDS, default 900 s). ' +
        'With an Idempotency-Key, repeating the same request while the job lives returns the same job with Idempotent-Replayed: true; the same key with a different body is 409. ' +
        'Invalid input is a 400 and creates no job. The body is the contact as JSON or a vCard file of one card to import, as on POST /v1/vcard.',
      requestBody: CONTACT_OR_VCARD_BODY,
    }),
    ApiExtraModels(VCardRequestDto),
    ApiHeader({
      ...IDEMPOTENCY_KEY_HEADER_DOC,
      description:
        'Optional, 1-255 visible ASCII characters. The same key and body within the job TTL return the same job; the same key with another body is 409 idempotency_key_reused.',
    }),
    ApiAcceptedResponse({
      type: JobDto,
      description: 'The finished job.',
      headers: createdResourceHeaders('job', true),
    }),
    ApiErrorResponses(...CARD_ERRORS, 'idempotency_key_reused'),
  );
}

/** The OpenAPI description of GET /v1/jobs/{jobId}. */
export function GetJobDocs(): MethodDecorator {
  return applyDecorators(
    ApiOperation({
      operationId: 'getJob',
      summary: 'Get a job by id',
      description:
        'Jobs expire JOB_TTL_SECONDS (default 900 s) after creation; the in-memory store also evicts the oldest beyond MAX_JOBS.',
    }),
    ApiParam({
      name: 'jobId',
      description: 'The id returned by job creation.',
      example: 'job_01KAJ4Y9X3M7Q2R8T5V6W0Z1AB',
    }),
    ApiOkResponse({ type: JobDto, headers: { ...RATE_LIMIT_HEADERS_DOC } }),
    ApiErrorResponses('job_not_found', 'rate_limited'),
  );
}
