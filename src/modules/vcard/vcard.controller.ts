import { Body, Controller, Headers, HttpCode, Post, Query, Res, StreamableFile } from '@nestjs/common';
import {
  ApiBody,
  ApiExtraModels,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { ApiError } from '../../core/errors/api-error';
import { qrFileSlug } from '../../lib/qr';
import { ApiRoute } from '../../http/api-route.decorator';
import type { HttpResponseLike } from '../../http/native-http';
import { IdempotencyKey } from '../../http/idempotency-key.decorator';
import { optionalQueryString } from '../../core/validation/optional-query-string';
import { ContactValidator } from '../../core/validation/contact-validator';
import { ApiErrorResponses } from '../errors/api-error-responses.decorator';
import { VCardRequestDto } from './dto/vcard-request.dto';
import { VCardResponseDto } from './dto/vcard-response.dto';
import { MARGIN_RANGE, QR_IMAGE_DEFAULTS, qrImageOptions, SCALE_RANGE } from './qr-image-options';
import { QR_IMAGE_MEDIA_TYPES, QrImageService } from './qr-image.service';
import { cardOptions } from './card-options';
import {
  CARD_ERRORS,
  CARD_QUERY_DOCS,
  IDEMPOTENCY_KEY_HEADER_DOC,
  TEMPLATE_QUERY_DOC,
  RATE_LIMIT_HEADERS_DOC,
} from './card-route-docs';
import { acceptsVCard4, negotiateVCard, VCARD_MEDIA_TYPES, vcardFileName } from './vcard-download';
import { VCardService } from './vcard.service';

@ApiTags('vcard')
@ApiRoute()
@Controller('v1/vcard')
export class VCardController {
  constructor(
    private readonly vcards: VCardService,
    private readonly images: QrImageService,
    private readonly contacts: ContactValidator,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'createVCard',
    summary: 'Build a vCard payload from contact fields',
    description: [
      'Deterministic: the same body always gives the same bytes. Nothing is stored.',
      'Send Accept: text/vcard to get the .vcf file itself, or Accept: image/png or image/svg+xml to get the QR code of qrPayload as an image (byte mode, UTF-8, no ECI, the smallest version that holds it at qrLevel; a PNG is (17 + 4·version + 2·margin)·scale pixels square, dark modules on opaque white).',
      'An Accept that asks only for other image types is 406; an Accept without any type this route produces and without an image type is answered in JSON.',
    ].join('\n\n'),
  })
  @ApiBody({ type: VCardRequestDto })
  @ApiHeader(IDEMPOTENCY_KEY_HEADER_DOC)
  @ApiQuery(TEMPLATE_QUERY_DOC)
  @ApiQuery(CARD_QUERY_DOCS.format)
  @ApiQuery(CARD_QUERY_DOCS.qrVersion)
  @ApiQuery({
    name: 'qrLevel',
    required: false,
    description:
      'Error-correction level of the code (default M): of the QR image (Accept: image/png or image/svg+xml), of qr.warnings, and of the QR budget (with qrVersion).',
    schema: { type: 'string', enum: ['L', 'M', 'Q', 'H'], default: QR_IMAGE_DEFAULTS.qrLevel },
  })
  @ApiQuery({
    name: 'scale',
    required: false,
    description: 'Pixels per module of the QR image.',
    schema: { type: 'integer', ...SCALE_RANGE, default: QR_IMAGE_DEFAULTS.scale },
  })
  @ApiQuery({
    name: 'margin',
    required: false,
    description: 'Quiet zone around the QR image, in modules.',
    schema: { type: 'integer', ...MARGIN_RANGE, default: QR_IMAGE_DEFAULTS.margin },
  })
  @ApiExtraModels(VCardResponseDto)
  @ApiOkResponse({
    description: 'The payload as JSON, or the .vcf file, or the QR code image, as Accept asks.',
    headers: {
      ...RATE_LIMIT_HEADERS_DOC,
      'Content-Disposition': {
        description:
          'With text/vcard: attachment; filename="<name>.vcf". With an image: inline; filename="<name>.png" or ".svg".',
        schema: { type: 'string' },
      },
    },
    content: {
      'application/json': { schema: { $ref: getSchemaPath(VCardResponseDto) } },
      'text/vcard': { schema: { type: 'string' } },
      'image/png': { schema: { type: 'string', format: 'binary' } },
      'image/svg+xml': { schema: { type: 'string' } },
    },
  })
  @ApiErrorResponses(...CARD_ERRORS, 'not_acceptable')
  // The query as one object (one parameter for Nest to resolve): each known parameter is checked
  // on its own and an unknown one is ignored, as it always was.
  create(
    @IdempotencyKey() _idempotencyKey: string | undefined,
    @Body() input: unknown,
    @Query() query: Record<string, unknown>,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) reply: HttpResponseLike,
  ): VCardResponseDto | string | StreamableFile {
    const body = this.contacts.validate(input);
    const representation = negotiateVCard(accept);
    if (representation === null) throw new ApiError('not_acceptable', { details: { available: VCARD_MEDIA_TYPES } });
    const image = qrImageOptions(query);
    const options = cardOptions(query);
    // The .vcf asked for as text/vcard;version=4.0 is the 4.0 card, unless a format says otherwise.
    if (representation === 'vcard' && options.format === undefined && acceptsVCard4(accept)) options.format = 'vcard4';
    const result = this.vcards.create(body, optionalQueryString(query.template), options);
    if (representation === 'json') return result;
    if (representation === 'vcard') {
      reply.header('Content-Type', 'text/vcard; charset=utf-8');
      reply.header('Content-Disposition', `attachment; filename="${vcardFileName(body.fullName)}"`);
      return result.vcard;
    }
    const file = this.images.render(result.qrPayload, representation, image);
    return new StreamableFile(file, {
      type: QR_IMAGE_MEDIA_TYPES[representation],
      disposition: `inline; filename="${qrFileSlug(body.fullName)}.${representation}"`,
      length: file.length,
    });
  }
}
