/**
 * What POST /v1/vcard answers with: the JSON response, the .vcf text, the QR code as an image, a
 * PDF or an EPS, or (with ?nfc=) the tag content.
 */
export type VCardRepresentation = 'json' | 'vcard' | 'png' | 'svg' | 'pdf' | 'eps' | 'ndef';

/** The media types POST /v1/vcard can answer with, for a 406's details. */
export const VCARD_MEDIA_TYPES = ['application/json', 'text/vcard', 'image/png', 'image/svg+xml'] as const;

/** The print files' media types: a PDF, and EPS as PostScript's media type. */
export const PRINT_MEDIA_TYPES = { pdf: 'application/pdf', eps: 'application/postscript' } as const;

/** The media type of a tag's raw content, answered only to a request with ?nfc=. */
export const TAG_CONTENT_MEDIA_TYPE = 'application/octet-stream';

/**
 * The representation an Accept header asks for (q-values honoured), or null for an Accept the route
 * cannot answer (406). JSON wins ties, then the .vcf, then PNG, SVG, PDF and EPS. So that every Accept
 * answered before images existed keeps its answer, JSON and the .vcf are matched as they always
 * were (the highest q of their ranges), and an Accept matching nothing is JSON unless it asks for
 * an image: only then is it refused. application/octet-stream counts only for a request `withTag`
 * (it ranks last on a tie); for any other it is ignored, as it always was.
 */
export function negotiateVCard(accept: string | undefined, withTag = false): VCardRepresentation | null {
  if (!accept) return 'json';
  const q = { json: 0, vcard: 0, png: 0, svg: 0, pdf: 0, eps: 0, ndef: 0 };
  // An image type's q is that of its most specific range: image/png, else image/*.
  const exact = { png: -1, svg: -1 };
  let imageWildcard = -1;
  let asksForImage = false;
  for (const part of accept.split(',')) {
    const [type, ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = qParam ? Number(qParam.slice(2)) || 0 : 1;
    if (type === 'text/vcard' || type === 'text/x-vcard') q.vcard = Math.max(q.vcard, weight);
    else if (type === 'application/json' || type === 'application/*' || type === '*/*')
      q.json = Math.max(q.json, weight);
    else if (type === 'image/png') exact.png = Math.max(exact.png, weight);
    else if (type === 'image/svg+xml') exact.svg = Math.max(exact.svg, weight);
    else if (type === 'image/*') imageWildcard = Math.max(imageWildcard, weight);
    else if (type === PRINT_MEDIA_TYPES.pdf) q.pdf = Math.max(q.pdf, weight);
    else if (type === PRINT_MEDIA_TYPES.eps) q.eps = Math.max(q.eps, weight);
    else if (withTag && type === TAG_CONTENT_MEDIA_TYPE) q.ndef = Math.max(q.ndef, weight);
    if (type.startsWith('image/')) asksForImage = true;
  }
  q.png = exact.png >= 0 ? exact.png : Math.max(imageWildcard, 0);
  q.svg = exact.svg >= 0 ? exact.svg : Math.max(imageWildcard, 0);
  let best: VCardRepresentation = 'json';
  for (const candidate of ['vcard', 'png', 'svg', 'pdf', 'eps', 'ndef'] as const)
    if (q[candidate] > q[best]) best = candidate;
  if (q[best] > 0) return best;
  return asksForImage ? null : 'json';
}

/** Whether an Accept header's text/vcard range asks for version=4.0 (docs/encoding.md#formats). */
export function acceptsVCard4(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept.split(',').some((part) => {
    const [type, ...params] = part.trim().toLowerCase().split(';');
    return (
      (type === 'text/vcard' || type === 'text/x-vcard') &&
      params.some((param) => param.replace(/\s/g, '') === 'version=4.0')
    );
  });
}
