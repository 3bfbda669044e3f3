import type { QrStyleJudgement } from '../../lib/qr/style/judge-qr-style';
import { QR_STYLE_LIMITS, type QrStyle } from '../../lib/qr/style/qr-style';
import type { QrCodeQuery } from './qrcode-query';

/** The most versions above the payload's smallest a code with a logo grows by to pass the logo rule and the proof. */
export const MAX_VERSION_GROWTH = 8;

/** How many changes a refused code is tried with, beyond the request itself. */
export const MAX_TRIED_CHANGES = 3;

/** How much smaller a tried logo is, and how many versions larger a tried qrVersion. */
const LOGO_STEP = 0.05;
const VERSION_STEP = 4;

/** One change to a request, as a 422 suggests it: a style path or a query parameter, and its value. */
export type QrSuggestion =
  | { parameter: 'style.logo.size'; value: number }
  | { parameter: 'style.finders' | 'style.modules'; value: 'square' }
  | { parameter: 'qrLevel'; value: 'H' }
  | { parameter: 'qrVersion'; value: number };

/** A change to try: what it suggests, the request it makes, and the version to draw it at. */
export interface StyleChange {
  suggestion: QrSuggestion;
  style: QrStyle;
  query: QrCodeQuery;
  /** Drawn at this version, or the card's smallest when that is larger. */
  version: number;
}

/**
 * The versions a styled code is drawn at, in order, until one passes: the one `qrVersion` names
 * (never below the card's smallest); with a logo and no `qrVersion`, the smallest up to
 * MAX_VERSION_GROWTH above it (never past 40); else the smallest alone.
 */
export function versionsToTry(smallest: number, qrVersion: number | undefined, hasLogo: boolean): number[] {
  if (qrVersion !== undefined) return [Math.max(smallest, qrVersion)];
  if (!hasLogo) return [smallest];
  const versions: number[] = [];
  const largest = Math.min(40, smallest + MAX_VERSION_GROWTH);
  for (let version = smallest; version <= largest; version++) versions.push(version);
  return versions;
}

/**
 * The changes a refused code is tried with, in the order of preference (a smaller logo, square
 * finders, square modules, level H, a larger qrVersion), leaving out what the request already has,
 * the first MAX_TRIED_CHANGES of them. Each is drawn at `version`, the last one the request was
 * drawn at: a request with the change grows to it (or finds a smaller one that passes) by itself.
 */
export function changesToTry(
  style: QrStyle,
  judged: QrStyleJudgement,
  query: QrCodeQuery,
  version: number,
): StyleChange[] {
  const resolved = judged.style!;
  const changes: StyleChange[] = [];
  const add = (suggestion: QrSuggestion, change: Partial<StyleChange>) =>
    changes.push({ suggestion, style, query, version, ...change });
  if (resolved.logo && resolved.logo.size > QR_STYLE_LIMITS.logoSize.min) {
    const size = Math.max(QR_STYLE_LIMITS.logoSize.min, Math.round((resolved.logo.size - LOGO_STEP) * 100) / 100);
    add({ parameter: 'style.logo.size', value: size }, { style: { ...style, logo: { ...style.logo!, size } } });
  }
  if (resolved.finders !== 'square')
    add({ parameter: 'style.finders', value: 'square' }, { style: { ...style, finders: 'square' } });
  if (resolved.modules !== 'square')
    add({ parameter: 'style.modules', value: 'square' }, { style: { ...style, modules: 'square' } });
  if (judged.level !== 'H') add({ parameter: 'qrLevel', value: 'H' }, { query: { ...query, qrLevel: 'H' } });
  if (version < 40) {
    const larger = Math.min(40, version + VERSION_STEP);
    add({ parameter: 'qrVersion', value: larger }, { query: { ...query, qrVersion: larger }, version: larger });
  }
  return changes.slice(0, MAX_TRIED_CHANGES);
}

/** A suggestion in a hint's words. */
export function suggestionText({ parameter, value }: QrSuggestion): string {
  return parameter.startsWith('style.') ? `${parameter} ${JSON.stringify(value)}` : `${parameter}=${value}`;
}
