import { QR_STYLE_LIMITS } from '../qr/style/qr-style';
import type { CodeReport, ScanCause } from './scan-report';
import type { ScanDecoder } from './merge-readings';

/** What to do about each cause, in a person's words. */
const CAUSE_ADVICE: Readonly<Record<ScanCause, string>> = {
  low_contrast: `The dark and light modules are too alike; print dark on light with a contrast of at least ${QR_STYLE_LIMITS.warnContrast}:1.`,
  logo: 'Something covers the middle of the code (a logo or picture); make it smaller or use a higher error-correction level.',
  quiet_zone: `The light margin around the code is narrower than ${QR_STYLE_LIMITS.quietZone} modules; leave more space around it.`,
  transparent: 'The code is drawn on a transparent background; put it on an opaque light surface.',
  small_modules:
    'Each module is under 3 pixels; photograph it closer or at a higher resolution, or print the code larger.',
  inverted: 'The code is light on dark; many phone readers look only for dark codes on a light background.',
};

/**
 * The report's advice: how well the code reads (both decoders, one, or with errors corrected), then
 * what to do about each cause. Never quotes the code's content.
 */
export function scanAdvice(report: Omit<CodeReport, 'advice'>, readBy: readonly ScanDecoder[]): string[] {
  const advice: string[] = [];
  if (readBy.length === 2) advice.push('Both decoders read this code.');
  else advice.push(`Only ${readBy[0] === 'zbar' ? 'ZBar' : 'ZXing'} read this code; other phones may miss it.`);
  if (!report.decodersAgree && readBy.length === 1 && readBy[0] === 'zxing')
    advice.push('ZBar read other content at the same place; the code may be damaged.');
  if (report.spareErrorCorrection !== null && report.spareErrorCorrection < 0.5)
    advice.push(
      `Errors were corrected: ${Math.round(report.spareErrorCorrection * 100)} % of the error correction is left; a little more damage or blur and it will not read.`,
    );
  if (report.quietZoneAtEdge && report.quietZone !== null && report.quietZone < QR_STYLE_LIMITS.quietZone)
    advice.push('The image is cropped close to the code; include the light margin around it.');
  for (const cause of report.causes) advice.push(CAUSE_ADVICE[cause]);
  if (report.inverted && !report.causes.includes('inverted')) advice.push(CAUSE_ADVICE.inverted);
  return advice;
}
