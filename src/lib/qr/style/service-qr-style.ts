import { judgeQrStyle, type QrStyleJudgement } from './judge-qr-style';
import { decodeRasterLogo } from './logo-pixels';
import { notoCaptionFont } from './noto-caption-font';
import type { QrLevel, QrStyle } from './qr-style';

/**
 * `judgeQrStyle` as the service runs it: captions from the shipped font, PNG and JPEG logos
 * decoded whole, so a logo that cannot be drawn is refused here and not while rendering.
 */
export function judgeServiceQrStyle(
  style: QrStyle | undefined,
  { qrLevel, margin }: { qrLevel?: QrLevel; margin: number },
): QrStyleJudgement {
  return judgeQrStyle(style, { qrLevel, margin, font: notoCaptionFont(), decodeLogo: decodeRasterLogo });
}
