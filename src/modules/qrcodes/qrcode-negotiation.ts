/** What POST /v1/qrcodes answers with: the code as an image, or JSON with the image inside. */
export type QrCodeRepresentation = 'png' | 'svg' | 'json';

/**
 * The media types the route produces, in the order that wins a tie: a missing Accept or `*\/*` is
 * the PNG. A new representation (a print format) is one more entry here.
 */
export const QRCODE_MEDIA_TYPES: ReadonlyArray<{ type: string; representation: QrCodeRepresentation }> = [
  { type: 'image/png', representation: 'png' },
  { type: 'image/svg+xml', representation: 'svg' },
  { type: 'application/json', representation: 'json' },
];

/**
 * The representation an Accept header asks for: each produced type weighs the q of the most
 * specific range that matches it (`image/png` over `image/*` over `*\/*`), the highest weight wins
 * and a tie goes to the type listed first. Null when no produced type is acceptable (406).
 */
export function negotiateQrCode(accept: string | undefined): QrCodeRepresentation | null {
  if (accept === undefined || accept.trim() === '') return QRCODE_MEDIA_TYPES[0].representation;
  const ranges = accept.split(',').map((part) => {
    const [range, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    return { range: range.trim(), weight: Number.isFinite(weight) ? Math.min(1, Math.max(0, weight)) : 0 };
  });
  let best: QrCodeRepresentation | null = null;
  let bestWeight = 0;
  for (const { type, representation } of QRCODE_MEDIA_TYPES) {
    const weight = weightOf(type, ranges);
    if (weight > bestWeight) {
      best = representation;
      bestWeight = weight;
    }
  }
  return best;
}

/** The q of the most specific range matching `type`: exact, then `major/*`, then `*\/*`; 0 when none does. */
function weightOf(type: string, ranges: ReadonlyArray<{ range: string; weight: number }>): number {
  const major = `${type.slice(0, type.indexOf('/'))}/*`;
  for (const candidate of [type, major, '*/*']) {
    const matching = ranges.filter(({ range }) => range === candidate);
    if (matching.length > 0) return Math.max(...matching.map(({ weight }) => weight));
  }
  return 0;
}
