import { negotiate, offeredTypes, rangesOf, type NegotiationTable } from '../../http/accept-negotiation';
import { PRINT_MEDIA_TYPES } from '../vcard/vcard-representations';

/** What POST /v1/qrcodes answers with: the code as an image, JSON with the image inside, a PDF or an EPS. */
export type QrCodeRepresentation = 'png' | 'svg' | 'json' | 'pdf' | 'eps';

/**
 * The route's offers, in the order that wins a tie (a missing Accept or `*\/*` is the PNG), each
 * matched by its most specific range (`image/png` over `image/*` over `*\/*`). An Accept none of
 * them satisfies is a 406. A new representation (a print format) is one more entry here.
 */
export const QRCODE_NEGOTIATION: NegotiationTable<QrCodeRepresentation> = {
  offers: [
    { representation: 'png', type: 'image/png', ranges: rangesOf('image/png') },
    { representation: 'svg', type: 'image/svg+xml', ranges: rangesOf('image/svg+xml') },
    { representation: 'json', type: 'application/json', ranges: rangesOf('application/json') },
    { representation: 'pdf', type: PRINT_MEDIA_TYPES.pdf, ranges: rangesOf(PRINT_MEDIA_TYPES.pdf) },
    { representation: 'eps', type: PRINT_MEDIA_TYPES.eps, ranges: rangesOf(PRINT_MEDIA_TYPES.eps) },
  ],
};

/** Every media type the route answers with, for a 406's details. */
export const QRCODE_MEDIA_TYPES: readonly string[] = offeredTypes(QRCODE_NEGOTIATION);

/** The representation an Accept header asks of POST /v1/qrcodes, or null (406). */
export function negotiateQrCode(accept: string | undefined): QrCodeRepresentation | null {
  return negotiate(QRCODE_NEGOTIATION, accept);
}
