const EQUALS = 0x3d;
const CR = 0x0d;
const LF = 0x0a;

/**
 * Undoes quoted-printable (RFC 2045 §6.7) on latin1 text, one character per byte: `=XX` is the
 * byte XX, `=` CRLF is a soft line break (the line reader joins continued lines so), an `=` that
 * ends the value is a soft break with nothing after it, and any other `=` that starts no valid
 * pair is kept as it is, as lenient readers (AOSP, ez-vcard) do.
 */
export function decodeQuotedPrintable(text: string): Buffer {
  const bytes = Buffer.allocUnsafe(text.length);
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === EQUALS && text.charCodeAt(i + 1) === CR && text.charCodeAt(i + 2) === LF) {
      i += 2;
    } else if (
      code === EQUALS &&
      i + 2 < text.length &&
      isHex(text.charCodeAt(i + 1)) &&
      isHex(text.charCodeAt(i + 2))
    ) {
      bytes[length++] = (hexValue(text.charCodeAt(i + 1)) << 4) | hexValue(text.charCodeAt(i + 2));
      i += 2;
    } else if (code !== EQUALS || i + 1 < text.length) {
      bytes[length++] = code & 0xff;
    }
  }
  return bytes.subarray(0, length);
}

function isHex(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x46) || (code >= 0x61 && code <= 0x66);
}

function hexValue(code: number): number {
  return code <= 0x39 ? code - 0x30 : (code | 0x20) - 0x61 + 10;
}
