import { QR_IMAGE_DEFAULTS } from './qr-image-options';
import { QR_VERSION_RANGE } from './card-options';

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
    description: 'Error-correction level of the QR budget (with qrVersion).',
    schema: { type: 'string', enum: ['L', 'M', 'Q', 'H'], default: QR_IMAGE_DEFAULTS.qrLevel },
  },
} as const;
