import { imageSize } from 'image-size';
import { cleanSvgLogo } from './clean-svg-logo';
import { QR_STYLE_LIMITS, type QrLogoMediaType } from './qr-style';

/** Why a logo image is refused: the issue word of `style.logo.image`. */
export type LogoImageIssue = 'invalid_value' | 'too_large' | 'unsafe';

/**
 * Decodes a PNG or JPEG whole (Node side: pngjs, jpeg-js) and throws when it cannot; the header
 * checks alone run without it (the browser's preview).
 */
export type RasterDecoder = (mediaType: 'image/png' | 'image/jpeg', data: Uint8Array) => unknown;

const DATA_URL = /^data:(image\/(?:png|jpeg|svg\+xml))((?:;[a-z0-9-]+=[^;,]*)*);base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
// The longest base64 text whose bytes can still be within the limit, checked before decoding.
const MAX_BASE64_LENGTH = Math.ceil(QR_STYLE_LIMITS.logoMaxBytes / 3) * 4;
const SIGNATURES: Record<'image/png' | 'image/jpeg', number[]> = {
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/jpeg': [0xff, 0xd8, 0xff],
};

/**
 * A logo's data URL judged in the order that costs least first: its form and media type, its
 * length (before decoding), its bytes' signature, its pixel size from the header (before any
 * pixel is decoded), then its content: a PNG or JPEG decoded whole by `decode`, an SVG cleaned
 * (`cleanSvgLogo`). The logo returned for an SVG is the cleaned document.
 */
export function inspectLogo(
  dataUrl: string,
  decode?: RasterDecoder,
): { mediaType: QrLogoMediaType; data: Uint8Array } | { issue: LogoImageIssue } {
  const form = DATA_URL.exec(dataUrl);
  if (!form) return { issue: 'invalid_value' };
  const mediaType = form[1].toLowerCase() as QrLogoMediaType;
  const encoded = dataUrl.slice(form[0].length);
  if (encoded.length > MAX_BASE64_LENGTH) return { issue: 'too_large' };
  if (encoded.length % 4 !== 0 || !BASE64.test(encoded)) return { issue: 'invalid_value' };
  const data = base64Bytes(encoded);
  if (data.length > QR_STYLE_LIMITS.logoMaxBytes) return { issue: 'too_large' };
  if (data.length === 0) return { issue: 'invalid_value' };

  if (mediaType === 'image/svg+xml') {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
    } catch {
      return { issue: 'invalid_value' };
    }
    const cleaned = cleanSvgLogo(text, (embedded) => {
      const inner = inspectLogo(embedded, decode);
      return 'issue' in inner ? (inner.issue === 'unsafe' ? 'invalid_value' : inner.issue) : undefined;
    });
    return 'issue' in cleaned ? cleaned : { mediaType, data: new TextEncoder().encode(cleaned.svg) };
  }
  if (!SIGNATURES[mediaType].every((byte, index) => data[index] === byte)) return { issue: 'invalid_value' };
  let size: { width?: number; height?: number; type?: string };
  try {
    size = imageSize(data);
  } catch {
    return { issue: 'invalid_value' };
  }
  if (!size.width || !size.height || size.type !== (mediaType === 'image/png' ? 'png' : 'jpg'))
    return { issue: 'invalid_value' };
  if (size.width > QR_STYLE_LIMITS.logoMaxPixels || size.height > QR_STYLE_LIMITS.logoMaxPixels)
    return { issue: 'too_large' };
  if (decode) {
    try {
      decode(mediaType, data);
    } catch {
      return { issue: 'invalid_value' };
    }
  }
  return { mediaType, data };
}

/** Base64 already checked to be well formed, as bytes, with the platform's atob (browsers and Node alike). */
function base64Bytes(encoded: string): Uint8Array {
  const binary = atob(encoded);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
