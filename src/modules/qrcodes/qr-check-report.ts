import { ApiError } from '../../core/errors/api-error';
import type { CodeCheck } from '../../lib/qr/decode';
import type { CodeProof } from '../../lib/qr/proof/prove-code';
import type { QrStyleJudgement } from '../../lib/qr/style/judge-qr-style';
import { QR_STYLE_LIMITS } from '../../lib/qr/style/qr-style';
import { isTooDenseToPrintSmall, type QrLevel } from '../../lib/vcard';
import { suggestionText, type QrSuggestion } from './styled-code-tries';

/** What a code's answer says about its readability (JSON `qr.check`, the QR-Check headers). */
export interface QrCheckReport {
  /** The decoders that read the code back to exactly qrPayload; none for a plain code, which is not checked. */
  decoders: Array<keyof CodeCheck>;
  level: QrLevel;
  /** True when the logo made the service choose H. */
  levelRaised: boolean;
  /** WCAG contrast of the dark colours against the light one (white when transparent), 2 decimals. */
  contrast: number;
  /** Cleared modules over all modules, 3 decimals. */
  logoShare: number;
  /** The quiet zone in modules. */
  quietZone: number;
  warnings: QrCheckWarning[];
  /**
   * A styled code's proof: the proof set's version, how many renderings it has, and how many each
   * decoder read (counted until its verdict was certain); absent for a plain code and an archive's items.
   */
  proof?: CodeProof;
  /** A styled code's version as drawn (absent for a plain code). */
  version?: number;
  /** True when a logo made the service draw a larger version than the card needs (absent for a plain code). */
  versionRaised?: boolean;
}

/** A change a refused code was tried with, and whether the code then passed. */
export interface TriedChange {
  suggestion: QrSuggestion;
  passed: boolean;
}

export type QrCheckWarning = 'quiet_zone' | 'contrast' | 'transparent' | 'dense';

/** What in a style makes a code harder to read, as a 422's details.causes name it. */
export type UnreadableCause = 'low_contrast' | 'logo' | 'modules' | 'quiet_zone' | 'transparent';

const DECODERS: Array<keyof CodeCheck> = ['zbar', 'zxing'];

/** The report of a plain code: black on white, no logo, not decoded. */
export function plainCheckReport(level: QrLevel, margin: number, bytes: number): QrCheckReport {
  return {
    decoders: [],
    level,
    levelRaised: false,
    contrast: 21,
    logoShare: 0,
    quietZone: margin,
    warnings: warnings([...(margin < QR_STYLE_LIMITS.quietZone ? ['quiet_zone' as const] : [])], bytes, level),
  };
}

/** The report of a styled code both decoders read back. */
export function styledCheckReport(
  judged: QrStyleJudgement,
  drawn: { level: QrLevel; logoShare: number; proof?: CodeProof; version?: number; versionRaised?: boolean },
  margin: number,
  bytes: number,
): QrCheckReport {
  return {
    decoders: DECODERS,
    level: drawn.level,
    levelRaised: judged.levelRaised,
    contrast: judged.contrast,
    logoShare: drawn.logoShare,
    quietZone: margin,
    warnings: warnings(judged.warnings, bytes, drawn.level),
    ...(drawn.proof ? { proof: drawn.proof } : {}),
    ...(drawn.version !== undefined ? { version: drawn.version, versionRaised: drawn.versionRaised === true } : {}),
  };
}

function warnings(fromStyle: readonly QrCheckWarning[], bytes: number, level: QrLevel): QrCheckWarning[] {
  return isTooDenseToPrintSmall(bytes, level) ? [...fromStyle, 'dense'] : [...fromStyle];
}

/**
 * The 422 of a styled code the proof refused: which decoder passed, the proof's counts, what in the
 * style makes codes harder to read, and the changes the service tried: those that passed are
 * `details.suggestions`, and the hint names the first (or says that none passed).
 */
export function unreadableCode(
  judged: QrStyleJudgement,
  margin: number,
  check: CodeCheck & { proof?: CodeProof },
  tried: readonly TriedChange[] = [],
): ApiError {
  const style = judged.style;
  const causes: UnreadableCause[] = [];
  if (judged.contrast < QR_STYLE_LIMITS.warnContrast) causes.push('low_contrast');
  if (style?.logo) causes.push('logo');
  if (style && (style.modules !== 'square' || style.finders !== 'square')) causes.push('modules');
  if (margin < QR_STYLE_LIMITS.quietZone) causes.push('quiet_zone');
  if (style && style.colors.light === null) causes.push('transparent');
  const suggestions = tried.filter((change) => change.passed).map((change) => change.suggestion);
  return new ApiError('qr_unreadable', {
    hint: unreadableHint(suggestions, tried),
    details: {
      decoders: { zbar: check.zbar, zxing: check.zxing },
      causes,
      ...(check.proof ? { proof: check.proof } : {}),
      suggestions,
      tried: tried.map((change) => change.suggestion),
    },
  });
}

function unreadableHint(suggestions: readonly QrSuggestion[], tried: readonly TriedChange[]): string {
  if (suggestions.length > 0)
    return `The service tried it: the code reads with ${suggestionText(suggestions[0])}${
      suggestions.length > 1 ? ` (or ${suggestions.slice(1).map(suggestionText).join(', or ')})` : ''
    }.`;
  const fewer = 'try the plain code (no style), or fewer style changes at once';
  if (tried.length === 0) return `The service had no change left to try; ${fewer}.`;
  return `None of the changes the service tried made it readable (${tried
    .map((change) => suggestionText(change.suggestion))
    .join('; ')}); ${fewer}.`;
}

/** The QR-Check headers of an image answer: `passed` for a checked code, the warnings when there are any. */
export function qrCheckHeaders(report: QrCheckReport): Record<string, string> {
  const headers: Record<string, string> = {};
  if (report.decoders.length > 0) headers['QR-Check'] = 'passed';
  if (report.decoders.length > 0 && report.warnings.length > 0)
    headers['QR-Check-Warnings'] = report.warnings.join(',');
  return headers;
}
