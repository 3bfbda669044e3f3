import { ApiError } from '../../core/errors/api-error';
import type { CodeCheck } from '../../lib/qr/decode';
import type { CodeProof } from '../../lib/qr/proof/prove-code';
import type { QrStyleJudgement } from '../../lib/qr/style/judge-qr-style';
import { QR_STYLE_LIMITS } from '../../lib/qr/style/qr-style';
import { isTooDenseToPrintSmall, type QrLevel } from '../../lib/vcard';

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
  drawn: { level: QrLevel; logoShare: number; proof?: CodeProof },
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
  };
}

function warnings(fromStyle: readonly QrCheckWarning[], bytes: number, level: QrLevel): QrCheckWarning[] {
  return isTooDenseToPrintSmall(bytes, level) ? [...fromStyle, 'dense'] : [...fromStyle];
}

const ADVICE: Record<UnreadableCause, string> = {
  low_contrast: 'darken colors.dark and colors.finder or lighten colors.light (4.5:1 or more)',
  logo: 'use a smaller logo.size or qrLevel H',
  modules: 'use square modules and finders',
  quiet_zone: 'use a margin of 4',
  transparent: 'make colors.light an opaque colour',
};

/**
 * The 422 of a styled code a decoder did not read back: which decoder read it, what in the style
 * makes codes harder to read, and a hint that says what to change.
 */
export function unreadableCode(judged: QrStyleJudgement, margin: number, check: CodeCheck): ApiError {
  const style = judged.style;
  const causes: UnreadableCause[] = [];
  if (judged.contrast < QR_STYLE_LIMITS.warnContrast) causes.push('low_contrast');
  if (style?.logo) causes.push('logo');
  if (style && (style.modules !== 'square' || style.finders !== 'square')) causes.push('modules');
  if (margin < QR_STYLE_LIMITS.quietZone) causes.push('quiet_zone');
  if (style && style.colors.light === null) causes.push('transparent');
  const advice = causes.map((cause) => ADVICE[cause]);
  return new ApiError('qr_unreadable', {
    hint:
      advice.length > 0
        ? `To make it readable, ${advice.join('; or ')}.`
        : 'Try the plain code (no style), or fewer style changes at once.',
    details: { decoders: { zbar: check.zbar, zxing: check.zxing }, causes },
  });
}

/** The QR-Check headers of an image answer: `passed` for a checked code, the warnings when there are any. */
export function qrCheckHeaders(report: QrCheckReport): Record<string, string> {
  const headers: Record<string, string> = {};
  if (report.decoders.length > 0) headers['QR-Check'] = 'passed';
  if (report.decoders.length > 0 && report.warnings.length > 0)
    headers['QR-Check-Warnings'] = report.warnings.join(',');
  return headers;
}
