import { Controller, Headers, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import { ApiRoute } from '../../http/api-route.decorator';
import type { HttpResponseLike } from '../../http/native-http';
import { IdempotencyKey } from '../../core/idempotency/idempotency-key.decorator';
import { optionalQueryString } from '../../core/validation/optional-query-string';
import { ValidatedBody } from '../../core/validation/validated-body.decorator';
import { ApiErrorResponses } from '../errors/api-error-responses.decorator';
import { VCardRequestDto } from './dto/vcard-request.dto';
import { VCardResponseDto } from './dto/vcard-response.dto';
import { prefersVCardText, vcardFileName } from './vcard-download';
import { VCardService } from './vcard.service';

export const IDEMPOTENCY_KEY_HEADER_DOC = {
  name: 'Idempotency-Key',
  required: false,
  description: 'Optional, 1-255 visible ASCII characters; echoed back for retry correlation.',
  schema: { type: 'string', maxLength: 255 },
} as const;

export const RATE_LIMIT_HEADERS_DOC = {
  'RateLimit-Limit': { description: 'Requests allowed in the current window.', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in the current window.', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the window resets.', schema: { type: 'integer' } },
} as const;

@ApiTags('vcard')
@ApiRoute()
@Controller('v1/vcard')
export class VCardController {
  constructor(private readonly vcards: VCardService) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'createVCard',
    summary: 'Build a vCard payload from contact fields',
    description:
      'Deterministic: the same body always gives the same bytes. Send Accept: text/vcard to get the .vcf file itself. Nothing is stored.',
  })
  @ApiBody({ type: VCardRequestDto })
  @ApiHeader(IDEMPOTENCY_KEY_HEADER_DOC)
  @ApiQuery({
    name: 'template',
    required: false,
    description: "A template id; the request must then contain that template's requiredFields.",
  })
  @ApiProduces('application/json', 'text/vcard')
  @ApiOkResponse({ type: VCardResponseDto, headers: { ...RATE_LIMIT_HEADERS_DOC } })
  @ApiErrorResponses(
    'invalid_request',
    'invalid_json',
    'invalid_encoding',
    'invalid_query',
    'invalid_idempotency_key',
    'qr_capacity_exceeded',
    'template_requirements_not_met',
    'payload_too_large',
    'unsupported_media_type',
    'rate_limited',
  )
  create(
    @IdempotencyKey() _idempotencyKey: string | undefined,
    @ValidatedBody() body: VCardRequestDto,
    @Query('template') template: unknown,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) reply: HttpResponseLike,
  ): VCardResponseDto | string {
    const result = this.vcards.create(body, optionalQueryString(template));
    if (!prefersVCardText(accept)) return result;
    reply.header('Content-Type', 'text/vcard; charset=utf-8');
    reply.header('Content-Disposition', `attachment; filename="${vcardFileName(body.fullName)}"`);
    return result.vcard;
  }
}
