import { ApiError } from '../../core/errors/api-error';
import type { QrLevel } from '../../lib/vcard';

/** How a QR image is drawn: error-correction level, pixels per module, quiet zone in modules. */
export interface QrImageOptions {
  qrLevel: QrLevel;
  scale: number;
  margin: number;
}

export const QR_LEVELS: readonly string[] = ['L', 'M', 'Q', 'H'];
export const QR_IMAGE_DEFAULTS: Readonly<QrImageOptions> = Object.freeze({ qrLevel: 'M', scale: 8, margin: 4 });
export const SCALE_RANGE = { minimum: 1, maximum: 40 } as const;
export const MARGIN_RANGE = { minimum: 0, maximum: 16 } as const;

export function invalid(parameter: string, message: string, issue: 'range' | 'invalid_value'): ApiError {
  return new ApiError('invalid_query', {
    message: `The query parameter ${parameter} is invalid: ${message}`,
    details: { parameter, issue },
  });
}

/** A whole number in range, from a query string's digits or (MCP arguments) a JSON integer. */
export function wholeNumber(
  parameter: string,
  value: unknown,
  fallback: number,
  { minimum, maximum }: { minimum: number; maximum: number },
): number {
  if (value === undefined) return fallback;
  const number =
    typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,3}$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(number) || number < minimum || number > maximum) {
    throw invalid(parameter, `${parameter} must be a whole number from ${minimum} to ${maximum}`, 'range');
  }
  return number;
}

/** A qrLevel from a query or MCP arguments: one of L, M, Q, H (upper case), or a 400 naming it. */
export function checkedQrLevel(qrLevel: unknown): QrLevel {
  if (typeof qrLevel !== 'string' || !QR_LEVELS.includes(qrLevel))
    throw invalid('qrLevel', 'qrLevel must be one of L, M, Q, H', 'invalid_value');
  return qrLevel as QrLevel;
}

/**
 * `qrLevel`, `scale` and `margin` (contact-model.md §5) from a query or MCP arguments, each checked
 * on its own so that a 400 names the parameter; a repeated query parameter is refused like any
 * other value outside its set.
 */
export function qrImageOptions(query: { qrLevel?: unknown; scale?: unknown; margin?: unknown }): QrImageOptions {
  const { qrLevel = QR_IMAGE_DEFAULTS.qrLevel } = query;
  return {
    qrLevel: checkedQrLevel(qrLevel),
    scale: wholeNumber('scale', query.scale, QR_IMAGE_DEFAULTS.scale, SCALE_RANGE),
    margin: wholeNumber('margin', query.margin, QR_IMAGE_DEFAULTS.margin, MARGIN_RANGE),
  };
}
