import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as QRCode from 'qrcode';
import type { ContactFields } from './contact-fields';
import { encodeVCard } from './encode-vcard';
import type { QrLevel } from './qr-capacity';

// P11: the payload survives a real QR code. npm `qrcode` builds the symbol from the UTF-8 bytes in
// byte mode (no transcoding, no ECI), zbarimg (an independent C decoder) reads it back from an
// image, and the bytes are compared, not decoded text (§4.4: decoders guess charsets). CI installs
// zbar-tools; a machine without zbarimg must fail here, not skip, or the round trip would silently
// stop being tested.
//
// The image is a PGM drawn from qrcode's own module matrix instead of QRCode.toFile's PNG: under
// Jest, qrcode's PNG writer (pngjs streams) took about 5 s for a version-38 symbol against 0.2 s
// in plain Node, which would have made this spec the slowest of the library. A rasteriser bug
// cannot pass unnoticed: zbarimg would not return the exact bytes.

const HARD_CARDS: Array<[string, ContactFields, QrLevel]> = [
  [
    'emoji: ZWJ sequences, skin tones, flags',
    { fullName: '😀 Smiley 👩\u200d💻', title: 'Chief 👍🏽 Officer', note: 'Offices: 🇩🇪 🇯🇵 🇧🇷\nTeam: 👨\u200d👩\u200d👧\u200d👦' },
    'M',
  ],
  [
    'CJK',
    { fullName: '山田 太郎', organization: '株式会社テスト', title: '営業部長', address: '〒100-0001\n東京都千代田区千代田1-1', note: '毛泽东 김민준' },
    'M',
  ],
  [
    'RTL Arabic',
    { fullName: 'محمد بن سلمان', organization: 'شركة المثال، المحدودة', address: 'شارع الملك فهد ١٢\nالرياض', phone: '+966 11 123 4567' },
    'M',
  ],
  [
    'RTL Hebrew mixed with LTR',
    { fullName: 'דוד בן-גוריון', title: 'CTO, R&D', note: 'שלום! Call me at 09:00; ask for "David".', email: 'david@example.co.il' },
    'M',
  ],
  [
    'combining marks and Latin-1 range letters (the iPhone Latin-1 trap)',
    { fullName: 'Zoe\u0308 N\u0303andu\u0301 Müller', organization: 'Grüße & Söhne GmbH', note: 'Z\u0335\u0347\u0318a\u0336l\u0334g\u0335o\u0337 ß é ñ' },
    'M',
  ],
  [
    'every escape and separator',
    {
      fullName: 'A;B C,D E\\F',
      organization: 'Acme; Widgets, Inc. \\ Ltd',
      title: 'VP, Sales; EMEA',
      website: 'example.com/a b,c;d\\e?x=1,2',
      address: '1 Main St, Apt 2\n\\ Back; Side',
      note: 'literal \\n, real\nnewline; "quotes": colons',
    },
    'M',
  ],
  [
    'injection attempt in every field',
    {
      fullName: 'Eve\r\nEND:VCARD\r\nBEGIN:VCARD\r\nFN:Mallory',
      organization: 'x\rTEL;TYPE=CELL:+1 555 0199',
      title: 'x\u2028URL:https://evil.example',
      phone: '+1 555 0100\u0085X',
      email: 'eve@example.com\nEND:VCARD',
      address: 'a\u000bb\u000cc',
      note: 'n\u0000o\r\nEND:VCARD\r\nBEGIN:VCARD\r\nFN:Mallory',
    },
    'M',
  ],
  ['minimal mononym', { fullName: 'Cher' }, 'H'],
  [
    '~2 KB card at level M',
    {
      fullName: 'Ünïcödé Pérson 山田',
      organization: 'Org '.repeat(40),
      address: 'Straße 1, 😀 '.repeat(20),
      note: 'Note with 👩\u200d💻 emoji, commas; semicolons \\ and ünïcödé.\n'.repeat(21),
    },
    'M',
  ],
  ['2953 bytes, the largest QR code (version 40, level L)', fillNoteTo(2953), 'L'],
];

// A card of exactly `bytes` UTF-8 bytes: mixed multi-byte text and escapes, then ASCII padding.
function fillNoteTo(bytes: number): ContactFields {
  const mixed = '山田 😀 x,y;z\\ '.repeat(60).trimEnd();
  const base = encodeVCard({ fullName: 'A', note: mixed }).qr.bytes;
  return { fullName: 'A', note: `${mixed}${'x'.repeat(bytes - base)}` };
}

const MODULE_PIXELS = 4;
const QUIET_ZONE_MODULES = 4;

/** Writes the symbol as a binary PGM (8-bit grey), black modules on white with a quiet zone. */
function writeQrImage(symbol: QRCode.QRCode, file: string): void {
  const size = symbol.modules.size;
  const width = (size + 2 * QUIET_ZONE_MODULES) * MODULE_PIXELS;
  const pixels = Buffer.alloc(width * width, 255);
  for (let row = 0; row < size; row++) {
    for (let column = 0; column < size; column++) {
      if (!symbol.modules.get(row, column)) continue;
      const x = (column + QUIET_ZONE_MODULES) * MODULE_PIXELS;
      for (let dy = 0; dy < MODULE_PIXELS; dy++) {
        const y = (row + QUIET_ZONE_MODULES) * MODULE_PIXELS + dy;
        pixels.fill(0, y * width + x, y * width + x + MODULE_PIXELS);
      }
    }
  }
  writeFileSync(file, Buffer.concat([Buffer.from(`P5\n${width} ${width}\n255\n`, 'ascii'), pixels]));
}

function zbarimgBytes(file: string): Buffer {
  const result = spawnSync('zbarimg', ['--raw', '-q', '-Sbinary', file], { maxBuffer: 1 << 20 });
  if (result.error !== undefined) {
    throw new Error(
      `zbarimg could not be run (${result.error.message}). Install zbar-tools (apt-get install zbar-tools): ` +
        'the QR round trip is a required test, it must not be skipped.',
    );
  }
  expect(result.status).toBe(0);
  // With --raw -Sbinary zbar 0.23.92 writes the symbol's bytes only; other builds end with one LF.
  // The payload itself always ends with CRLF, so exactly one extra trailing LF is unambiguous.
  const out = result.stdout;
  return out.length >= 3 && out.subarray(-3).equals(Buffer.from('\r\n\n')) ? out.subarray(0, -1) : out;
}

describe('QR round trip (npm qrcode -> image -> zbarimg)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'vcard-qr-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('finds zbarimg on PATH', () => {
    const result = spawnSync('zbarimg', ['--version']);
    if (result.error !== undefined) {
      throw new Error(`zbarimg is not on PATH (${result.error.message}); install zbar-tools.`);
    }
    expect(result.status).toBe(0);
  });

  it.each(HARD_CARDS)('%s', (name, fields, level) => {
    const { qrPayload, qr } = encodeVCard(fields);
    const bytes = Buffer.from(qrPayload, 'utf8');
    expect(bytes.length).toBe(qr.bytes);
    if (name.startsWith('2953')) expect(qr.bytes).toBe(2953);
    if (name.startsWith('~2 KB')) expect(qr.bytes).toBeGreaterThan(1900);

    const segments: QRCode.QRCodeSegment[] = [{ data: bytes, mode: 'byte' }];
    const symbol = QRCode.create(segments, { errorCorrectionLevel: level });
    const minVersion = qr.minVersion[level];
    expect(minVersion).not.toBeNull();
    expect(symbol.version).toBeLessThanOrEqual(minVersion!);
    // Pure byte mode with the measured table: the reported minimum is exactly what a library picks.
    expect(symbol.version).toBe(minVersion);

    const file = join(dir, `${HARD_CARDS.findIndex(([other]) => other === name)}.pgm`);
    writeQrImage(symbol, file);
    const decoded = zbarimgBytes(file);
    expect(Buffer.compare(decoded, bytes)).toBe(0);
  });
});
