import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The independent readers of print output: poppler (pdfinfo, pdftoppm, pdftotext, pdffonts),
 * Ghostscript and zbarimg, run as child processes on files in a temporary folder.
 */

const TIMEOUT_MS = 60_000;

function run(program: string, args: string[]): Buffer {
  const result = spawnSync(program, args, { timeout: TIMEOUT_MS, maxBuffer: 1 << 28 });
  if (result.error !== undefined) throw result.error;
  if (result.status !== 0)
    throw new Error(`${program} exited ${result.status}: ${result.stderr.toString().slice(0, 500)}`);
  return result.stdout;
}

/** A folder for one file's readers; `done` removes it. */
export class PrintFile {
  readonly folder = mkdtempSync(join(tmpdir(), 'print-readers-'));
  readonly path: string;

  constructor(bytes: Buffer, extension: 'pdf' | 'eps') {
    this.path = join(this.folder, `file.${extension}`);
    writeFileSync(this.path, bytes);
  }

  done(): void {
    rmSync(this.folder, { recursive: true, force: true });
  }
}

/** pdfinfo's page count and each page's size in points. */
export function pdfPages(file: PrintFile): { width: number; height: number }[] {
  const info = run('pdfinfo', [file.path]).toString();
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
  const sizes = run('pdfinfo', ['-f', '1', '-l', String(pages), file.path]).toString();
  return [...sizes.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)].map((m) => ({
    width: Number(m[1]),
    height: Number(m[2]),
  }));
}

/**
 * The text pdftotext extracts from a page, or from a box on it (points from the top-left corner);
 * with `layout`, columns kept side by side as printed.
 */
export function pdfText(
  file: PrintFile,
  page: number,
  box?: { x: number; y: number; width: number; height: number },
  { layout = false } = {},
): string {
  // At 720 dpi a crop pixel is a tenth of a point: the box is kept to that.
  const tenths = (value: number) => String(Math.round(value * 10));
  const crop =
    box === undefined
      ? []
      : ['-r', '720', '-x', tenths(box.x), '-y', tenths(box.y), '-W', tenths(box.width), '-H', tenths(box.height)];
  return run('pdftotext', [
    '-f',
    String(page),
    '-l',
    String(page),
    ...crop,
    ...(layout ? ['-layout'] : []),
    '-enc',
    'UTF-8',
    file.path,
    '-',
  ]).toString();
}

/** pdffonts' table: each font's name, type, and whether it is embedded, a subset, and has a ToUnicode map. */
export function pdfFonts(file: PrintFile): { name: string; type: string; emb: boolean; sub: boolean; uni: boolean }[] {
  const lines = run('pdffonts', [file.path]).toString().trim().split('\n').slice(2);
  return lines.map((line) => {
    const fields = line.trim().split(/\s+/);
    // name, type (one or two words), encoding, emb, sub, uni, object, id
    const [emb, sub, uni] = fields.slice(-5, -2);
    return {
      name: fields[0],
      type: fields.slice(1, -6).join(' '),
      emb: emb === 'yes',
      sub: sub === 'yes',
      uni: uni === 'yes',
    };
  });
}

/** An 8-bit grey raster. */
export interface GreyRaster {
  width: number;
  height: number;
  pixels: Buffer;
}

function readPgm(bytes: Buffer): GreyRaster {
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(bytes.subarray(0, 64).toString('latin1'));
  if (header === null) throw new Error('not an 8-bit PGM');
  const width = Number(header[1]);
  const height = Number(header[2]);
  return { width, height, pixels: bytes.subarray(header[0].length, header[0].length + width * height) };
}

/** A page drawn by pdftoppm in grey at `dpi`. */
export function renderPdfPage(file: PrintFile, page: number, dpi: number): GreyRaster {
  const prefix = join(file.folder, `page-${page}-${dpi}`);
  run('pdftoppm', [
    '-r',
    String(dpi),
    '-gray',
    '-f',
    String(page),
    '-l',
    String(page),
    '-singlefile',
    file.path,
    prefix,
  ]);
  return readPgm(readFileSync(`${prefix}.pgm`));
}

/** The EPS drawn by Ghostscript in grey at `dpi`, cropped to its bounding box; the PNG's path. */
export function renderEps(file: PrintFile, dpi: number): string {
  const png = join(file.folder, `eps-${dpi}.png`);
  run('gs', [
    '-q',
    '-dSAFER',
    '-dBATCH',
    '-dNOPAUSE',
    '-sDEVICE=pnggray',
    `-r${dpi}`,
    '-dEPSCrop',
    `-sOutputFile=${png}`,
    file.path,
  ]);
  return png;
}

/** A box of the raster (pixels), clipped to it. */
export function cropRaster(
  raster: GreyRaster,
  box: { x: number; y: number; width: number; height: number },
): GreyRaster {
  const x0 = Math.max(0, Math.round(box.x));
  const y0 = Math.max(0, Math.round(box.y));
  const width = Math.min(raster.width, Math.round(box.x + box.width)) - x0;
  const height = Math.min(raster.height, Math.round(box.y + box.height)) - y0;
  const pixels = Buffer.alloc(width * height);
  for (let row = 0; row < height; row++)
    raster.pixels.copy(pixels, row * width, (y0 + row) * raster.width + x0, (y0 + row) * raster.width + x0 + width);
  return { width, height, pixels };
}

/** The extent of the pixels darker than mid-grey, or null when there are none. */
export function darkExtent(raster: GreyRaster): { left: number; top: number; right: number; bottom: number } | null {
  let left = Infinity;
  let top = Infinity;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < raster.height; y++)
    for (let x = 0; x < raster.width; x++) {
      if (raster.pixels[y * raster.width + x] >= 128) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
  return right < 0 ? null : { left, top, right: right + 1, bottom: bottom + 1 };
}

/**
 * What zbarimg (`--raw -q -Sbinary`: the symbol's bytes, no charset guessed) reads from an image
 * file or a raster; an empty buffer when it finds no code.
 */
export function zbarimg(image: string | GreyRaster, folder?: string): Buffer {
  let path = image as string;
  if (typeof image !== 'string') {
    path = join(folder ?? tmpdir(), `zbar-${process.pid}-${Date.now()}.pgm`);
    writeFileSync(path, Buffer.concat([Buffer.from(`P5\n${image.width} ${image.height}\n255\n`), image.pixels]));
  }
  const result = spawnSync('zbarimg', ['--raw', '-q', '-Sbinary', path], { timeout: TIMEOUT_MS });
  if (typeof image !== 'string') rmSync(path, { force: true });
  if (result.error !== undefined) throw result.error;
  // zbarimg exits 4 when it finds no symbol.
  return result.status === 0 ? result.stdout : Buffer.alloc(0);
}
