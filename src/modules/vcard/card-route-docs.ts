import { getSchemaPath } from '@nestjs/swagger';
import type { ErrorCode } from '../../core/errors/error-codes';
import { CONTACT_EXAMPLE, VCARD_FILE_EXAMPLE } from './dto/request-examples';
import { VCardRequestDto } from './dto/vcard-request.dto';
import { VCARD_BODY_TYPES } from './vcard-body';

export const IDEMPOTENCY_KEY_HEADER_DOC = {
  name: 'Idempotency-Key',
  required: false,
  description: 'Optional, 1-255 visible ASCII characters; echoed back for retry correlation.',
  schema: { type: 'string', maxLength: 255 },
} as const;

/** The RateLimit headers of every counted response. */
export const RATE_LIMIT_HEADERS_DOC = {
  'RateLimit-Limit': { description: 'Requests allowed in the current window.', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in the current window.', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the window resets.', schema: { type: 'integer' } },
} as const;

/** The headers of a 202 that creates a resource to poll (a job, a batch). */
export function createdResourceHeaders(resource: 'job' | 'batch', echoesIdempotencyKey: boolean) {
  return {
    Location: {
      description: `Absolute URL of the ${resource} (same as links.self).`,
      schema: { type: 'string', format: 'uri' },
    },
    ...(echoesIdempotencyKey && {
      'Idempotency-Key': { description: 'Echo of the request header, when sent.', schema: { type: 'string' } },
    }),
    'Idempotent-Replayed': {
      description: `\`true\` when this is the earlier ${resource} for the same Idempotency-Key and body; absent otherwise.`,
      schema: { type: 'string', enum: ['true'] },
    },
    ...RATE_LIMIT_HEADERS_DOC,
  };
}

/** The errors of every route that creates a card from one contact (POST /v1/vcard, POST /v1/jobs/vcard). */
export const CARD_ERRORS: readonly ErrorCode[] = [
  'invalid_request',
  'invalid_json',
  'invalid_encoding',
  'invalid_query',
  'invalid_idempotency_key',
  'qr_capacity_exceeded',
  'qr_budget_exceeded',
  'nfc_capacity_exceeded',
  'template_requirements_not_met',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
];

/**
 * The body of a route that takes one contact: JSON (VCardRequest), or a vCard file to import in any
 * of its media types, each with an example Swagger UI's Try it out sends as it is.
 */
export const CONTACT_OR_VCARD_BODY = {
  required: true,
  content: {
    'application/json': { schema: { $ref: getSchemaPath(VCardRequestDto) }, example: CONTACT_EXAMPLE },
    ...Object.fromEntries(
      VCARD_BODY_TYPES.map((type) => [type, { schema: { type: 'string' }, example: VCARD_FILE_EXAMPLE }]),
    ),
  },
};

/** The headers of a code answered at a physical size (?size=, ?dpi=, a PDF or an EPS). */
export const PRINT_HEADERS_DOC = {
  'QR-Module-Size': {
    description: 'With size or dpi, and on every PDF and EPS: the module as drawn, in mm (2 decimals).',
    schema: { type: 'string', example: '0.61' },
  },
} as const;
