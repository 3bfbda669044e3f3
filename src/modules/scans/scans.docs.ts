import { applyDecorators } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { SCAN_IMAGE_LIMITS } from '../../lib/scan';
import { ApiErrorResponses } from '../errors/api-error-responses.decorator';
import { RATE_LIMIT_HEADERS_DOC } from '../vcard/card-route-docs';
import { ScanAnswerDto } from './dto/scan-answer.dto';

const IMAGE_FILE = { type: 'string', format: 'binary' } as const;

/** The OpenAPI description of POST /v1/scans. */
export function ScanDocs(): MethodDecorator {
  return applyDecorators(
    ApiOperation({
      operationId: 'scanImage',
      summary: 'Read the QR codes in a photo or screenshot',
      description:
        'The body is the image (image/png, image/jpeg or image/webp), or a multipart/form-data form with exactly one file, as a browser sends it. ' +
        `It is bounded before any pixel is decoded: SCAN_BODY_LIMIT_BYTES (10 MiB), ${SCAN_IMAGE_LIMITS.maxPixels.toLocaleString('en')} pixels and ${SCAN_IMAGE_LIMITS.maxSide.toLocaleString('en')} a side as the header declares them, one frame (no APNG), at most 1 MiB of metadata. ` +
        'Both decoders (ZBar and ZXing) read it off the event loop. The answer lists every QR code found: its text, corners, version, level, mask, ECI or charset, which decoders read it, a scan report in words a person acts on, and for a vCard or MECARD the `import` that POST /v1/vcard gives for it as a text/vcard body. ' +
        'Nothing is stored or logged. An image with no readable code is 422 no_code_found with the likely causes. ' +
        'Scans run in a bounded worker pool: when it is full, 503 scanner_busy with Retry-After, at once, before the image is read. See docs/scans.md.',
      requestBody: {
        required: true,
        content: {
          'image/png': { schema: IMAGE_FILE },
          'image/jpeg': { schema: IMAGE_FILE },
          'image/webp': { schema: IMAGE_FILE },
          'multipart/form-data': {
            schema: { type: 'object', required: ['file'], properties: { file: IMAGE_FILE } },
          },
        },
      },
    }),
    ApiExtraModels(ScanAnswerDto),
    ApiOkResponse({ type: ScanAnswerDto, description: 'The codes read.', headers: { ...RATE_LIMIT_HEADERS_DOC } }),
    ApiErrorResponses(
      'invalid_image',
      'payload_too_large',
      'unsupported_media_type',
      'no_code_found',
      'rate_limited',
      'scanner_busy',
      'service_unavailable',
    ),
  );
}
