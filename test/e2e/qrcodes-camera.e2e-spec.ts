import { afterAll, beforeAll, expect, it, jest } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { QR_FINDER_SHAPES, QR_MODULE_SHAPES } from '../../src/lib/qr/style/qr-style';
import { ringLogo, TYPICAL_CONTACT } from '../fixtures/styled/styled-fixtures';
import type { GreyPhoto } from '../utils/camera-photo';
import { greyOnWhite, zxingAvailable } from '../utils/styled-code-readers';
import { describeWithPrograms, PROGRAMS } from '../utils/system-program';
import { useTestApp } from '../utils/test-app';

jest.setTimeout(300_000);

// A camera simulation of the test's own (test/utils/camera-photo.ts, nothing of the service's
// proof; drawn in a Node process of its own): N seeded phone photos of each served PNG (scale,
// rotation, a true perspective, blur, uneven light, noise, JPEG blocks), read by two decoders the
// service does not run in-process, Debian's zbarimg and ZXing-C++. For each module and finder
// shape, with and without a logo, each decoder alone must read the styled code in at least 0.8 × as
// many photos as the plain code of the same card (the known gaps below run as expected failures).
// The three pairs that take every shape once, on the typical card, 16 photos each. The whole
// matrix (every pair, the long card too, 24 photos) takes three minutes and shows the same gaps
// (docs/styled-codes.md gives its table); its expected failures are not pinned case by case.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = Record<string, any>;

const PHOTOS = 16;
const BAR = 0.8;
const CARDS = { typical: TYPICAL_CONTACT };
const PAIRS = QR_MODULE_SHAPES.map((modules, i) => [modules, QR_FINDER_SHAPES[i]] as const);

/** A served code's grey pixels and its pixels a module. */
interface ServedCode {
  grey: GreyPhoto;
  modulePixels: number;
  payload: Buffer;
}

/** How many of the photos each decoder read back to exactly the payload. */
interface PhotoReads {
  zbar: number;
  zxing: number;
}

/** Runs `program` with `args` (and `input` on stdin): its stdout, also when it exits 4 (zbarimg's miss). */
function run(program: string, args: string[], input?: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      program,
      args,
      { encoding: 'buffer', timeout: 120_000, maxBuffer: 1 << 26 },
      (error, stdout, stderr) =>
        error && error.code !== 4
          ? reject(new Error(`${program}: ${stderr.toString().slice(0, 300)}`))
          : resolve(stdout),
    );
    child.stdin?.end(input);
  });
}

/** How often `payload` occurs whole in `output`, the symbols' bytes one after another (nothing between). */
function occurrences(output: Buffer, payload: Buffer): number {
  let count = 0;
  for (let at = output.indexOf(payload); at >= 0; at = output.indexOf(payload, at + payload.length)) count++;
  return count;
}

/**
 * The photos of a code, drawn in a Node process of their own (camera-photos-cli.ts), read by
 * zbarimg (one process for all: its binary output counted for the payload) and by ZXing-C++ (one
 * process for all, zxing-read.py).
 */
async function photosRead({ grey, modulePixels, payload }: ServedCode, zxing: boolean): Promise<PhotoReads> {
  const directory = mkdtempSync(join(tmpdir(), 'camera-'));
  try {
    const header = Buffer.alloc(8);
    header.writeUInt32BE(grey.width, 0);
    header.writeUInt32BE(grey.height, 4);
    const cli = join(__dirname, '../utils/camera-photos-cli.ts');
    await run(
      process.execPath,
      ['--import', 'tsx', cli, String(modulePixels), String(PHOTOS), directory],
      Buffer.concat([header, grey.data]),
    );
    const files = Array.from({ length: PHOTOS }, (_, n) => join(directory, `${n}.png`));
    const zbar = occurrences(
      await run('zbarimg', ['--raw', '-q', '-Sdisable', '-Sqrcode.enable', '-Sbinary', ...files]),
      payload,
    );
    let zx = 0;
    if (zxing) {
      const out = await run(
        '/usr/bin/python3',
        [join(__dirname, '../utils/zxing-read.py')],
        readFileSync(join(directory, 'photos.bin')),
      );
      for (let offset = 0; offset < out.length;) {
        const length = out.readUInt32BE(offset);
        offset += 4;
        if (length === 0xffffffff) continue;
        if (out.subarray(offset, offset + length).equals(payload)) zx++;
        offset += length;
      }
    }
    return { zbar: Math.min(zbar, PHOTOS), zxing: zx };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

describeWithPrograms([PROGRAMS.zbarimg])(
  'served codes in simulated phone photos, read by zbarimg and ZXing-C++',
  () => {
    const suite = useTestApp();
    const found: string[] = [];
    const zxing = zxingAvailable();

    /** The PNG the route serves for `contact` in `style`, as grey pixels over white. */
    async function served(contact: unknown, style: unknown): Promise<ServedCode> {
      const res = await suite.app.inject({
        method: 'POST',
        url: '/v1/qrcodes',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        payload: JSON.stringify({ contact, style }),
      });
      expect(res.statusCode).toBe(200);
      const body = res.json<Answer>();
      const png = PNG.sync.read(Buffer.from(body.image.data, 'base64'));
      const grey = greyOnWhite({ width: png.width, height: png.height, data: new Uint8Array(png.data) });
      const { check } = body.qr;
      const version = check.version ?? body.qr.minVersion[check.level];
      const modules = 17 + 4 * version + 2 * check.quietZone;
      return { grey, modulePixels: png.width / modules, payload: Buffer.from(body.qrPayload, 'utf8') };
    }

    const plain = new Map<string, PhotoReads>();
    beforeAll(async () => {
      for (const [name, contact] of Object.entries(CARDS))
        plain.set(name, await photosRead(await served(contact, {}), zxing));
    });

    afterAll(() => {
      if (found.length > 0) console.log(`camera photos read (of ${PHOTOS}):\n${found.join('\n')}`);
    });

    const cases = Object.keys(CARDS).flatMap((card) =>
      PAIRS.flatMap(([modules, finders]) => [false, true].map((logo) => [card, modules, finders, logo] as const)),
    );
    /**
     * Known gaps, found by this suite and not yet closed (the proof serves these codes; a phone reads
     * them in fewer photos than the plain code). On the typical card, of 16 photos (plain: zbarimg 16,
     * ZXing-C++ 15), 2026-12-02: square with a logo 12 / 13, rounded with a logo 12 / 12, dots and
     * circles 6 / 3, with a logo 12 / 1. Circles: ZXing-C++ 1.4 fits lines to the finders' ring edges
     * to find the alignment pattern, and a circle has no straight edge. A logo: the code is drawn at
     * level H, version 18 for 13, which zbarimg reads in fewer tilted photos with or without the logo.
     * Rounded finders drawn with 1.5- and 0.5-module corners (2 and 1 before) closed their gap without
     * a logo: 16 / 13 (was 16 / 10). The gaps run as expected failures, so the day one closes, it shows.
     */
    const knownGap = (_modules: string, finders: string, logo: boolean) => logo || finders === 'circle';

    for (const [card, modules, finders, logo] of cases) {
      const name = `${card} card, ${modules} modules, ${finders} finders, ${logo ? 'a logo' : 'no logo'}`;
      const test = knownGap(modules, finders, logo) ? it.failing : it;
      test(`${name}: each decoder reads it in at least ${BAR} × the plain code's photos`, async () => {
        const style = {
          modules,
          finders,
          colors: { dark: '#1a3a6b' },
          ...(logo ? { logo: { image: ringLogo() } } : {}),
        };
        const reads = await photosRead(await served(CARDS[card as keyof typeof CARDS], style), zxing);
        const base = plain.get(card)!;
        found.push(
          `${card}/${modules}/${finders}/${logo ? 'logo' : 'none'}: zbarimg ${reads.zbar} (plain ${base.zbar}), ` +
            `ZXing-C++ ${reads.zxing} (plain ${base.zxing})`,
        );
        expect(reads.zbar).toBeGreaterThanOrEqual(Math.ceil(BAR * base.zbar));
        if (zxing) expect(reads.zxing).toBeGreaterThanOrEqual(Math.ceil(BAR * base.zxing));
      });
    }

    it('the plain codes themselves read in most photos (the simulation is fair)', () => {
      for (const reads of plain.values()) {
        expect(reads.zbar).toBeGreaterThanOrEqual(Math.ceil(0.8 * PHOTOS));
        if (zxing) expect(reads.zxing).toBeGreaterThanOrEqual(Math.ceil(0.8 * PHOTOS));
      }
    });
  },
);
