import { QR_BYTE_CAPACITY, type QrLevel } from '../vcard/qr-capacity';
import { utf8Length } from '../vcard/utf8-length';
import { bestMaskedModules } from './qr-mask';
import { qrSymbol } from './qr-symbol';

/** A QR symbol's modules: `size` × `size`, row-major, 1 for a dark module. */
export interface QrMatrix {
  version: number;
  size: number;
  modules: Uint8Array;
}

/** The payload holds more bytes than any QR version can at the level. Carries no payload text. */
export class QrLevelCapacityError extends Error {
  constructor(
    readonly bytes: number,
    readonly capacity: number,
    readonly level: QrLevel,
  ) {
    super(`The payload takes ${bytes} bytes; a QR code at level ${level} holds at most ${capacity}.`);
    this.name = 'QrLevelCapacityError';
  }
}

/**
 * The QR symbol of `payload`'s UTF-8 bytes: one byte-mode segment, no ECI header, the smallest
 * version that holds it at `level` (or `minVersion`, when larger: a styled code grown to fit its
 * logo). The symbol is npm `qrcode`'s, built faster from its own tables (`qrSymbol`); its mask is
 * the one `qrcode` itself would choose, scored here much faster (`bestMaskedModules`), so the
 * modules are exactly `qrcode`'s. A scanner decodes exactly the payload's bytes, as
 * docs/encoding.md#utf-8-byte-mode requires.
 */
export function qrMatrix(payload: string, level: QrLevel, minVersion = 1): QrMatrix {
  const bytes = utf8Length(payload);
  const capacity = QR_BYTE_CAPACITY[level][QR_BYTE_CAPACITY[level].length - 1];
  if (bytes > capacity) throw new QrLevelCapacityError(bytes, capacity, level);
  const { version, size, data, reserved } = qrSymbol(Buffer.from(payload, 'utf8'), level, minVersion);
  return { version, size, modules: bestMaskedModules(data, reserved, size, level).modules };
}
