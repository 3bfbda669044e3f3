import { QR_VERSION_RANGE } from './card-options';
import { QR_IMAGE_DEFAULTS } from './qr-image-options';

import type { ErrorCode } from '../../core/errors/error-codes';

/** The OpenAPI documents of the card parameters, shared by every route that creates a card. */
export const CARD_QUERY_DOCS = {
  format: {
    name: 'format',
    required: false,
    description:
      'The format of qrPayload: vcard3 (the default, read by every phone), vcard4 (RFC 6350 with RFC 9554 SOCIALPROFILE, for CardDAV servers and newer address books; opt-in because the AOSP importer and the iOS camera handle non-ASCII 4.0 cards worse, vcard-encoding.md §1) or mecard (the compact DoCoMo format that ZXing, ML Kit and iOS read; vcard stays vCard 3.0, and what MECARD cannot carry is listed in qr.omitted).',
    schema: { type: 'string', enum: ['vcard3', 'vcard4', 'mecard'], default: 'vcard3' },
  },
  qrVersion: {
    name: 'qrVersion',
    required: false,
    description:
      'A QR budget: properties are left out of qrPayload (never out of vcard) in the documented order (categories, social profiles last first, note, birthday, nickname, then further URLs, addresses, emails and phones last first, title, department, the first URL, the first address) until it fits this QR version at qrLevel; qr.omitted says what was left out, qr.budget the capacity. 400 qr_budget_exceeded when the name, the first phone and the first email alone do not fit.',
    schema: { type: 'integer', ...QR_VERSION_RANGE },
  },
  qrLevel: {
    name: 'qrLevel',
    required: false,
    description:
      'Error-correction level the code is meant for (default M): qr.warnings speak of it, and a QR budget (qrVersion) fits the card to it.',
    schema: { type: 'string', enum: ['L', 'M', 'Q', 'H'], default: QR_IMAGE_DEFAULTS.qrLevel },
  },
} as const;

/** `?template=` of the routes that create one card (POST /v1/vcard, POST /v1/jobs/vcard). */
export const TEMPLATE_QUERY_DOC = {
  name: 'template',
  required: false,
  description: "A template id; the request must then contain that template's requiredFields.",
} as const;

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
  'template_requirements_not_met',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
];
