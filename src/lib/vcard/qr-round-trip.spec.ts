import { beforeAll, describe, expect, it } from '@jest/globals';
import { ZBarConfigType, ZBarScanner, ZBarSymbolType, getDefaultScanner, scanGrayBuffer } from '@undecaf/zbar-wasm';
import * as QRCode from 'qrcode';
import { cleanedContact } from '../../../test/fixtures/vcard/contact.arbitrary';
import type { ContactFields } from '../contact';
import { encodeVCard } from './encode-vcard';
import type { QrLevel } from './qr-capacity';

// P11: the payload survives a real QR code. npm `qrcode` builds the symbol from the UTF-8 bytes in
// byte mode (no transcoding, no ECI), zbar (an independent C decoder, here compiled to WebAssembly
// by @undecaf/zbar-wasm, so no system program is needed) reads it back from a grey-scale image in
// binary mode, and the bytes are compared, not decoded text: decoders guess charsets
// (docs/encoding.md#utf-8-byte-mode).
//
// The image is drawn from qrcode's own module matrix instead of QRCode.toFile's PNG: under Jest,
// qrcode's PNG writer (pngjs streams) took about 5 s for a version-38 symbol. A rasteriser bug
// cannot pass unnoticed: zbar would not return the exact bytes.

const HARD_CARDS: Array<[string, ContactFields, QrLevel]> = [
  [
    'emoji: ZWJ sequences, skin tones, flags',
    {
      fullName: '😀 Smiley 👩\u200d💻',
      title: 'Chief 👍🏽 Officer',
      note: 'Offices: 🇩🇪 🇯🇵 🇧🇷\nTeam: 👨\u200d👩\u200d👧\u200d👦',
    },
    'M',
  ],
  [
    'CJK',
    {
      fullName: '山田 太郎',
      organization: '株式会社テスト',
      title: '営業部長',
      address: '〒100-0001\n東京都千代田区千代田1-1',
      note: '毛泽东 김민준',
    },
    'M',
  ],
  [
    'RTL Arabic',
    {
      fullName: 'محمد بن سلمان',
      organization: 'شركة المثال، المحدودة',
      address: 'شارع الملك فهد ١٢\nالرياض',
      phone: '+966 11 123 4567',
    },
    'M',
  ],
  [
    'RTL Hebrew mixed with LTR',
    {
      fullName: 'דוד בן-גוריון',
      title: 'CTO, R&D',
      note: 'שלום! Call me at 09:00; ask for "David".',
      email: 'david@example.co.il',
    },
    'M',
  ],
  [
    'combining marks and Latin-1 range letters (the iPhone Latin-1 trap)',
    {
      fullName: 'Zoe\u0308 N\u0303andu\u0301 Müller',
      organization: 'Grüße & Söhne GmbH',
      note: 'Z\u0335\u0347\u0318a\u0336l\u0334g\u0335o\u0337 ß é ñ',
    },
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
function grayImage(symbol: QRCode.QRCode): { pixels: Buffer; width: number } {
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
  return { pixels, width };
}

/** The bytes zbar reads from the image, in binary mode (no charset guessing). */
async function zbarBytes(symbol: QRCode.QRCode, scanner: ZBarScanner): Promise<Buffer> {
  const { pixels, width } = grayImage(symbol);
  const buffer = pixels.buffer.slice(pixels.byteOffset, pixels.byteOffset + pixels.byteLength) as ArrayBuffer;
  const found = await scanGrayBuffer(buffer, width, width, scanner);
  expect(found).toHaveLength(1);
  return Buffer.from(found[0].data.buffer, found[0].data.byteOffset, found[0].data.byteLength);
}

describe('QR round trip (npm qrcode -> image -> zbar)', () => {
  let scanner: ZBarScanner;
  beforeAll(async () => {
    scanner = await getDefaultScanner();
    scanner.setConfig(ZBarSymbolType.ZBAR_QRCODE, ZBarConfigType.ZBAR_CFG_BINARY, 1);
  });

  it.each(HARD_CARDS)('%s', async (name, fields, level) => {
    const { qrPayload, qr } = encodeVCard(cleanedContact(fields));
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

    const decoded = await zbarBytes(symbol, scanner);
    expect(Buffer.compare(decoded, bytes)).toBe(0);
  });
});

describe('QR round trip of the vCard 4.0 and MECARD payloads, and of a budgeted one', () => {
  let scanner: ZBarScanner;
  beforeAll(async () => {
    scanner = await getDefaultScanner();
    scanner.setConfig(ZBarSymbolType.ZBAR_QRCODE, ZBarConfigType.ZBAR_CFG_BINARY, 1);
  });

  const rich: ContactFields = {
    fullName: 'Dr. Zoë Ångström-Li',
    name: { family: 'Ångström-Li', given: 'Zoë', prefix: 'Dr.' },
    phones: [
      { number: '+44 7700 900123', type: 'cell', pref: true },
      { number: '+44 20 7946 0958', type: 'work' },
    ],
    emails: [{ address: 'zoe@example.com' }],
    addresses: [{ street: "12 St James's Square", locality: 'London', postalCode: 'SW1Y 4JH', type: 'home' }],
    socialProfiles: [{ service: 'linkedin', url: 'https://www.linkedin.com/in/zoe' }],
    birthday: '1990-02-28',
    note: 'Loves QR codes; café, naïve: 😀',
  };
  type Case = [string, ContactFields, Parameters<typeof encodeVCard>[1], QrLevel];
  const cases: Case[] = [
    ...HARD_CARDS.filter(([name]) => !name.startsWith('2953')).flatMap(([name, fields, level]) => [
      [`${name}, vCard 4.0`, fields, { format: 'vcard4' }, level] as Case,
      [`${name}, MECARD`, fields, { format: 'mecard' }, level] as Case,
    ]),
    ['a rich card, vCard 4.0', rich, { format: 'vcard4' }, 'M'],
    ['a rich card, MECARD', rich, { format: 'mecard' }, 'M'],
    ['a rich card fitted to version 11 at Q', rich, { budget: { version: 11, level: 'Q' } }, 'Q'],
  ];

  it.each(cases)('%s', async (_name, fields, options, level) => {
    const { qrPayload, qr } = encodeVCard(cleanedContact(fields), options);
    const bytes = Buffer.from(qrPayload, 'utf8');
    const symbol = QRCode.create([{ data: bytes, mode: 'byte' }], { errorCorrectionLevel: level });
    expect(symbol.version).toBe(qr.minVersion[level]);
    if (options?.budget) expect(symbol.version).toBeLessThanOrEqual(options.budget.version);
    expect(Buffer.compare(await zbarBytes(symbol, scanner), bytes)).toBe(0);
  });
});
