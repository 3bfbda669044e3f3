import {
  negotiate,
  namesWithParam,
  offeredTypes,
  rangesOf,
  type NegotiationTable,
} from '../../http/accept-negotiation';

/**
 * What POST /v1/vcard answers with: the JSON response, the .vcf text, the QR code as an image, a
 * PDF or an EPS, or (with ?nfc=) the tag content.
 */
export type VCardRepresentation = 'json' | 'vcard' | 'png' | 'svg' | 'pdf' | 'eps' | 'ndef';

/** The print files' media types: a PDF, and EPS as PostScript's media type. */
export const PRINT_MEDIA_TYPES = { pdf: 'application/pdf', eps: 'application/postscript' } as const;

/** The media type of a tag's raw content, answered only to a request with ?nfc=. */
export const TAG_CONTENT_MEDIA_TYPE = 'application/octet-stream';

/** The ranges that ask for the .vcf: RFC 6350's type and the older `x-` one. */
const VCARD_RANGES = ['text/vcard', 'text/x-vcard'];

/**
 * The route's offers, JSON first (it wins ties, and a missing Accept), then the .vcf, PNG, SVG, PDF
 * and EPS. So that every Accept answered before images existed keeps its answer, JSON weighs the
 * highest q of application/json, application/* and `*\/*` alike, the images count only their own
 * ranges (image/png, else image/*), the print files only their exact types, and an Accept that
 * matches nothing is JSON unless it names an image type: only then is it refused (406).
 */
const CARD_OFFERS: NegotiationTable<VCardRepresentation>['offers'] = [
  { representation: 'json', type: 'application/json', ranges: [['application/json', 'application/*', '*/*']] },
  { representation: 'vcard', type: 'text/vcard', ranges: [VCARD_RANGES] },
  { representation: 'png', type: 'image/png', ranges: rangesOf('image/png').slice(0, 2) },
  { representation: 'svg', type: 'image/svg+xml', ranges: rangesOf('image/svg+xml').slice(0, 2) },
  { representation: 'pdf', type: PRINT_MEDIA_TYPES.pdf, ranges: [[PRINT_MEDIA_TYPES.pdf]] },
  { representation: 'eps', type: PRINT_MEDIA_TYPES.eps, ranges: [[PRINT_MEDIA_TYPES.eps]] },
];

const FALLBACK = { representation: 'json', refusedUnder: 'image/' } as const;

/** The route's negotiation without a tag: application/octet-stream asks for nothing. */
export const CARD_NEGOTIATION: NegotiationTable<VCardRepresentation> = { offers: CARD_OFFERS, fallback: FALLBACK };

/** With ?nfc=: the tag content too, by its exact type, last on a tie. */
export const TAG_CARD_NEGOTIATION: NegotiationTable<VCardRepresentation> = {
  offers: [
    ...CARD_OFFERS,
    { representation: 'ndef', type: TAG_CONTENT_MEDIA_TYPE, ranges: [[TAG_CONTENT_MEDIA_TYPE]] },
  ],
  fallback: FALLBACK,
};

/** The table of a request, with or without a tag. */
export function cardNegotiation(withTag: boolean): NegotiationTable<VCardRepresentation> {
  return withTag ? TAG_CARD_NEGOTIATION : CARD_NEGOTIATION;
}

/** The representation an Accept header asks of POST /v1/vcard, or null (406). */
export function negotiateVCard(accept: string | undefined, withTag = false): VCardRepresentation | null {
  return negotiate(cardNegotiation(withTag), accept);
}

/** What a 406 of POST /v1/vcard lists: every media type the route answers with (the tag's with ?nfc=). */
export function cardMediaTypes(withTag: boolean): string[] {
  return offeredTypes(cardNegotiation(withTag));
}

/** Whether an Accept header's text/vcard range asks for version=4.0 (docs/encoding.md#formats). */
export function acceptsVCard4(accept: string | undefined): boolean {
  return namesWithParam(accept, VCARD_RANGES, 'version=4.0');
}
