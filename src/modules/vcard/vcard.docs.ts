import { applyDecorators } from '@nestjs/common';
import { ApiExtraModels, ApiHeader, ApiOkResponse, ApiOperation, getSchemaPath } from '@nestjs/swagger';
import { ApiErrorResponses } from '../errors/api-error-responses.decorator';
import {
  CARD_ERRORS,
  CONTACT_OR_VCARD_BODY,
  IDEMPOTENCY_KEY_HEADER_DOC,
  PRINT_HEADERS_DOC,
  RATE_LIMIT_HEADERS_DOC,
} from './card-route-docs';
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
        'The body is the contact as JSON, or a vCard file of one card (text/vcard, text/x-vcard or text/directory; vCard 2.1, 3.0 or 4.0) to import: the answer is the one its import.contact sent as JSON gets, with import beside it, what was left out (docs/import.md).',
        'Send Accept: text/vcard to get the .vcf file itself, or Accept: image/png or image/svg+xml to get the QR code of qrPayload as an image (byte mode, UTF-8, no ECI, the smallest version that holds it at qrLevel; a PNG is (17 + 4·version + 2·margin)·scale pixels square, dark modules on opaque white).',
        'Accept: application/pdf or application/postscript gets the code as a one-page PDF or an EPS ?size= wide (default 30mm); ?size= and ?dpi= also give a PNG, an SVG or the JSON qr.print a physical size (docs/print.md).',
        'An Accept that asks only for other image types is 406; an Accept without any type this route produces and without an image type is answered in JSON.',
        'With ?nfc=, Accept: application/octet-stream gets the raw tag content (NDEF TLV, the message of nfc.message, terminator TLV 0xFE) as <name>.ndef; without nfc that Accept is answered in JSON, as before.',
      ].join('\n\n'),
      requestBody: CONTACT_OR_VCARD_BODY,
    }),
    ApiHeader(IDEMPOTENCY_KEY_HEADER_DOC),
    ApiExtraModels(VCardResponseDto, VCardRequestDto),
    ApiOkResponse({
      description:
        'The payload as JSON, or the .vcf file, or the QR code as an image, a PDF or an EPS, or (with nfc) the tag content, as Accept asks.',
      headers: {
        ...RATE_LIMIT_HEADERS_DOC,
        ...PRINT_HEADERS_DOC,
        'QR-Check-Warnings': {
          description: 'small_modules when a code at a physical size has modules under 0.40 mm. Absent otherwise.',
          schema: { type: 'string' },
        },
        'Content-Disposition': {
          description:
            'With text/vcard: attachment; filename="<name>.vcf". With an image or a print file: inline; filename="<name>.png", ".svg", ".pdf" or ".eps". With nfc and application/octet-stream: attachment; filename="<name>.ndef".',
          schema: { type: 'string' },
        },
      },
      content: {
        'application/json': { schema: { $ref: getSchemaPath(VCardResponseDto) } },
        'text/vcard': { schema: { type: 'string' } },
        'image/png': { schema: { type: 'string', format: 'binary' } },
        'image/svg+xml': { schema: { type: 'string' } },
        'application/pdf': { schema: { type: 'string', format: 'binary' } },
        'application/postscript': { schema: { type: 'string' } },
        'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
      },
    }),
    ApiErrorResponses(...CARD_ERRORS, 'not_acceptable'),
  );
}
