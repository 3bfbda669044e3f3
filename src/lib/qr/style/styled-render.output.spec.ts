import { describe, expect, it } from '@jest/globals';
import { Resvg } from '@resvg/resvg-js';
import { buildSync } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { PNG } from 'pngjs';
import { SaxesParser } from 'saxes';
import { ringLogo, TYPICAL_CARD } from '../../../../test/fixtures/styled/styled-fixtures';
import { qrMatrix } from '../qr-matrix';
import type { QrStyle } from './qr-style';
import { notoCaptionFont } from './noto-caption-font';
import { scenePng, sceneRgba } from './scene-png';
import { sceneSvg } from './scene-svg';
import { judgeServiceQrStyle } from './service-qr-style';
import { styledQrScene } from './styled-qr-scene';

const STYLE: QrStyle = {
  colors: { dark: '#1a3a6b', light: '#fffdf5', finder: '#b03020' },
  modules: 'rounded',
  finders: 'circle',
  logo: { image: ringLogo(48), size: 0.2 },
  frame: { caption: 'Scan · Σάρωση · Скан', position: 'bottom' },
};
// The SVG of STYLE on the typical card: a change here is a change of every styled code's geometry.
const GOLDEN_SVG_SHA256 = 'a511de2d81ae3e21e1e7398a2967a4b6845a097782cb10784411e12397f3d0a5';

function render() {
  const judged = judgeServiceQrStyle(STYLE, { margin: 4 });
  const scene = styledQrScene(qrMatrix(TYPICAL_CARD, judged.level), judged.style!, { margin: 4 });
  return { scene, png: scenePng(scene, 8), svg: sceneSvg(scene, { scale: 8 }) };
}

const sha256 = (bytes: string | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('styled outputs', () => {
  it('the PNG is the raster exactly, 8-bit RGBA, (17 + 4v + 2·margin)·scale wide with the band below', () => {
    const { scene, png } = render();
    const decoded = PNG.sync.read(png);
    const raster = sceneRgba(scene, 8);
    expect(decoded.width).toBe((17 + 4 * scene.symbol.version + 8) * 8);
    expect(decoded.height).toBe(scene.height * 8);
    expect(Buffer.compare(decoded.data, Buffer.from(raster.data))).toBe(0);
  });

  it('the SVG has no text and no reference outside itself, and resvg draws it like the PNG', () => {
    const { scene, svg } = render();
    expect(svg).not.toMatch(/<text|<script|<foreignObject|xlink|url\(/);
    const references = [...svg.matchAll(/href="([^"]*)"/g)].map((match) => match[1].slice(0, 22));
    expect(references).toEqual(['data:image/png;base64,']);
    const parser = new SaxesParser({ xmlns: true });
    const elements: string[] = [];
    parser.on('opentag', (tag) => elements.push(tag.local));
    parser.write(svg).close();
    expect([...new Set(elements)].sort()).toEqual(['image', 'path', 'rect', 'svg']);

    const drawn = new Resvg(svg, { font: { loadSystemFonts: false } }).render();
    const raster = sceneRgba(scene, 8);
    expect([drawn.width, drawn.height]).toEqual([raster.width, raster.height]);
    // resvg's pixels are premultiplied; over an opaque background that is the same as straight colour.
    const pixels = drawn.pixels;
    let difference = 0;
    for (let index = 0; index < raster.data.length; index++) difference += Math.abs(pixels[index] - raster.data[index]);
    // Edges are anti-aliased a little differently and the logo is resampled differently; nothing more.
    expect(difference / raster.data.length).toBeLessThan(2);
  });

  it('sizes the SVG in millimetres for print, the height following the band', () => {
    const { scene } = render();
    const svg = sceneSvg(scene, { widthMm: 30 });
    expect(svg).toContain(`width="30mm" height="${Math.round((30 * scene.height * 1000) / scene.width) / 1000}mm"`);
  });

  it('golden bytes: the same style gives the same PNG and SVG in another process, and the SVG of record', () => {
    const { png, svg } = render();
    const directory = mkdtempSync(join(tmpdir(), 'styled-golden-'));
    try {
      const entry = join(directory, 'entry.ts');
      writeFileSync(
        entry,
        `import { judgeServiceQrStyle } from ${JSON.stringify(join(__dirname, 'service-qr-style'))};\n` +
          `import { styledQrScene } from ${JSON.stringify(join(__dirname, 'styled-qr-scene'))};\n` +
          `import { scenePng } from ${JSON.stringify(join(__dirname, 'scene-png'))};\n` +
          `import { sceneSvg } from ${JSON.stringify(join(__dirname, 'scene-svg'))};\n` +
          `import { qrMatrix } from ${JSON.stringify(join(__dirname, '..', 'qr-matrix'))};\n` +
          `import { ringLogo, TYPICAL_CARD } from ${JSON.stringify(join(__dirname, '../../../../test/fixtures/styled/styled-fixtures'))};\n` +
          `import { createHash } from 'node:crypto';\n` +
          `const style = ${JSON.stringify(STYLE).replace(JSON.stringify(STYLE.logo!.image), 'ringLogo(48)')};\n` +
          `const judged = judgeServiceQrStyle(style, { margin: 4 });\n` +
          `const scene = styledQrScene(qrMatrix(TYPICAL_CARD, judged.level), judged.style, { margin: 4 });\n` +
          `const hash = (bytes) => createHash('sha256').update(bytes).digest('hex');\n` +
          `console.log(hash(scenePng(scene, 8)) + ' ' + hash(sceneSvg(scene, { scale: 8 })));\n`,
      );
      const bundle = join(directory, 'entry.js');
      buildSync({
        entryPoints: [entry],
        bundle: true,
        platform: 'node',
        outfile: bundle,
        logLevel: 'silent',
        external: ['@resvg/resvg-js', 'fontkit', 'pngjs', 'jpeg-js'],
        nodePaths: [join(process.cwd(), 'node_modules')],
      });
      const runs = [1, 2].map(() =>
        spawnSync(process.execPath, [bundle], {
          timeout: 60_000,
          cwd: process.cwd(),
          env: { ...process.env, NODE_PATH: join(process.cwd(), 'node_modules') },
        }),
      );
      for (const run of runs) expect(run.stderr.toString()).toBe('');
      const [first, second] = runs.map((run) => run.stdout.toString().trim());
      expect(first).toBe(second);
      expect(first).toBe(`${sha256(png)} ${sha256(svg)}`);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
    expect(sha256(svg)).toBe(GOLDEN_SVG_SHA256);
  });

  it('the browser bundle (no Node modules) draws the same SVG from the glyph table as the service from the font', () => {
    const built = buildSync({
      entryPoints: [join(__dirname, 'browser-drawing.ts')],
      bundle: true,
      minify: true,
      format: 'iife',
      globalName: 'VCardStyledDrawing',
      platform: 'browser',
      write: false,
      logLevel: 'silent',
    });
    const code = built.outputFiles[0].text;
    expect(code.length).toBeLessThan(100 * 1024);
    // A context with what a browser has and nothing of Node's: no require, process or Buffer.
    const context: Record<string, unknown> = { atob, btoa, TextDecoder, TextEncoder };
    runInNewContext(code, context, { timeout: 10_000 });
    const drawing = context.VCardStyledDrawing as typeof import('./browser-drawing');
    const table = JSON.parse(JSON.stringify(notoCaptionFont().table()));
    const font = drawing.captionFontFromTable(table);
    const judged = drawing.judgeQrStyle(STYLE, { margin: 4, font });
    expect(judged.issues).toEqual([]);
    const matrix = qrMatrix(TYPICAL_CARD, judged.level);
    const browserSvg = drawing.sceneSvg(drawing.styledQrScene(matrix, judged.style!, { margin: 4 }), { scale: 8 });
    expect(browserSvg).toBe(render().svg);
  });
});
