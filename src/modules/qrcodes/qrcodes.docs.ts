import { applyDecorators } from '@nestjs/common';
import { ApiExtraModels, ApiHeader, ApiOkResponse, ApiOperation, getSchemaPath } from '@nestjs/swagger';
import { LOGO_DAMAGE_SHARE } from '../../lib/qr/style/qr-logo-fit';
import { ApiErrorResponses } from '../errors/api-error-responses.decorator';
import { CARD_ERRORS, IDEMPOTENCY_KEY_HEADER_DOC, RATE_LIMIT_HEADERS_DOC } from '../vcard/card-route-docs';
import { CONTACT_EXAMPLE } from '../vcard/dto/request-examples';
import { VCardRequestDto } from '../vcard/dto/vcard-request.dto';
import { QrCodeResponseDto } from './dto/qrcode-response.dto';
import { QR_STYLE_EXAMPLE, QrCodeRequestDto } from './dto/qr-style.dto';

/** The OpenAPI description of POST /v1/qrcodes. */
export function CreateQrCodeDocs(): MethodDecorator {
  return applyDecorators(
    ApiOperation({
      operationId: 'createQrCode',
      summary: 'Draw the QR code of a contact, plain or styled, checked before it is sent',
      description: [
        'The body is {contact, style}: the contact as POST /v1/vcard takes it, and an optional QrStyle (colours, module and finder shapes, a logo, a frame with a caption). Without a style (or with an empty one) the code is the plain one, byte for byte the image POST /v1/vcard answers.',
        'A styled code is proven before it is sent: read at three sizes, blurred, tilted, and as a compressed photo in uneven light, and as the file itself, by two decoders (ZBar and ZXing); it is sent only when each reads exactly qrPayload from the file and from all the others but one (qr.check.proof), else 422 qr_unreadable with the causes and the changes the service tried (details.suggestions: those that read). The verdict is the same as PNG, SVG, JSON, PDF and EPS. With a logo and no qrVersion, the code grows up to 8 versions until it passes (qr.check.version, versionRaised). Image answers carry QR-Check: passed and, when there are any, QR-Check-Warnings.',
        `With a logo and no qrLevel the level is H. The logo rule: with c the side of the cleared square in modules (the logo's side, the odd number nearest size·(17 + 4·version), plus one module of padding each way), the square touches at most (⌊c/2⌋ + 1)·(⌊(c + 3)/4⌋ + 1) codewords; a logo is refused (400 invalid_style, too_large at style.logo.size) when that exceeds ${LOGO_DAMAGE_SHARE} × the codewords the level corrects over the whole symbol (docs/styled-codes-logo-rule.md).`,
        'Accept: image/png (also a missing Accept or */*), image/svg+xml, or application/json (the VCardResponse with qr.check and image {mediaType, width, height, data}; ?type=svg puts the SVG in data). q-values are honoured; anything else is 406. application/pdf or application/postscript: the same code, plain or styled and checked the same way, as a one-page PDF or an EPS ?size= wide (default 30mm). ?size= and ?dpi= on PNG, SVG and JSON as on POST /v1/vcard: the PNG at the largest whole scale within size at dpi with pHYs, the SVG in mm, qr.print in JSON (docs/print.md).',
        'Drawing and checking run in a bounded worker pool: when it is full, 503 renderer_busy with Retry-After, at once. Nothing is stored.',
      ].join('\n\n'),
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: { $ref: getSchemaPath(QrCodeRequestDto) },
            example: { contact: CONTACT_EXAMPLE, style: QR_STYLE_EXAMPLE },
          },
        },
      },
    }),
    ApiHeader(IDEMPOTENCY_KEY_HEADER_DOC),
    ApiExtraModels(QrCodeResponseDto, QrCodeRequestDto, VCardRequestDto),
    ApiOkResponse({
      description: 'The code as PNG or SVG, or JSON with the image and qr.check, as Accept asks.',
      headers: {
        ...RATE_LIMIT_HEADERS_DOC,
        'QR-Check': {
          description: 'passed: two decoders read the styled code back to exactly qrPayload. Absent on plain codes.',
          schema: { type: 'string', enum: ['passed'] },
        },
        'QR-Check-Warnings': {
          description: 'Comma-separated: quiet_zone, contrast, transparent, dense. Absent when there are none.',
          schema: { type: 'string' },
        },
        'Content-Disposition': {
          description: 'With an image: inline; filename="<name>.png" or ".svg".',
          schema: { type: 'string' },
        },
      },
      content: {
        'image/png': { schema: { type: 'string', format: 'binary' } },
        'image/svg+xml': { schema: { type: 'string' } },
        'application/json': { schema: { $ref: getSchemaPath(QrCodeResponseDto) } },
        'application/pdf': { schema: { type: 'string', format: 'binary' } },
        'application/postscript': { schema: { type: 'string' } },
      },
    }),
    ApiErrorResponses(
      ...CARD_ERRORS.filter((code) => code !== 'nfc_capacity_exceeded'),
      'invalid_style',
      'not_acceptable',
      'qr_unreadable',
      'renderer_busy',
    ),
  );
}
