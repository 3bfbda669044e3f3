import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiHeader, ApiOkResponse, ApiOperation, getSchemaPath } from '@nestjs/swagger';
import { ApiErrorResponses } from '../errors/api-error-responses.decorator';
import { CARD_ERRORS, IDEMPOTENCY_KEY_HEADER_DOC, RATE_LIMIT_HEADERS_DOC } from './card-route-docs';
import { VCardRequestDto } from './dto/vcard-request.dto';
import { VCardResponseDto } from './dto/vcard-response.dto';

/** The OpenAPI description of POST /v1/vcard. */
export function CreateVCardDocs(): MethodDecorator {
  return applyDecorators(
    ApiOperation({
      operationId: 'createVCard',
      summary: 'Build a vCard payload from contact fields',
      description: [
        'Deterministic: the same body always gives the same bytes. Nothing is stored.',
        'Send Accept: text/vcard to get the .vcf file itself, or Accept: image/png or image/svg+xml to get the QR code of qrPayload as an image (byte mode, UTF-8, no ECI, the smallest version that holds it at qrLevel; a PNG is (17 + 4·version + 2·margin)·scale pixels square, dark modules on opaque white).',
        'An Accept that asks only for other image types is 406; an Accept without any type this route produces and without an image type is answered in JSON.',
        'With ?nfc=, Accept: application/octet-stream gets the raw tag content (NDEF TLV, the message of nfc.message, terminator TLV 0xFE) as <name>.ndef; without nfc that Accept is answered in JSON, as before.',
      ].join('\n\n'),
    }),
    ApiBody({ type: VCardRequestDto }),
    ApiHeader(IDEMPOTENCY_KEY_HEADER_DOC),
    ApiExtraModels(VCardResponseDto),
    ApiOkResponse({
      description:
        'The payload as JSON, or the .vcf file, or the QR code image, or (with nfc) the tag content, as Accept asks.',
      headers: {
        ...RATE_LIMIT_HEADERS_DOC,
        'Content-Disposition': {
          description:
            'With text/vcard: attachment; filename="<name>.vcf". With an image: inline; filename="<name>.png" or ".svg". With nfc and application/octet-stream: attachment; filename="<name>.ndef".',
          schema: { type: 'string' },
        },
      },
      content: {
        'application/json': { schema: { $ref: getSchemaPath(VCardResponseDto) } },
        'text/vcard': { schema: { type: 'string' } },
        'image/png': { schema: { type: 'string', format: 'binary' } },
        'image/svg+xml': { schema: { type: 'string' } },
        'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
      },
    }),
    ApiErrorResponses(...CARD_ERRORS, 'not_acceptable'),
  );
}
