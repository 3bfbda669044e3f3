import type { ErrorCode } from '../../core/errors/error-codes';

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
