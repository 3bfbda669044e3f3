import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { loadConfig } from '../../src/config/load-config';
import { ERROR_CODES, ERROR_CODE_NAMES } from '../../src/core/errors/error-codes';
import { ServiceMetrics } from '../../src/core/metrics/service-metrics';
import { MarkdownDocument } from '../utils/markdown-document';
import { pdfPages, pdfText, PrintFile, renderEps, renderPdfPage, zbarimg } from '../utils/print-readers';
import { rasteriseSvg } from '../utils/qr-image-reader';
import { ROOT } from '../utils/service-command';
import { zbarimgRead } from '../utils/styled-code-readers';
import { describeWithProgram } from '../utils/system-program';
import { buildTestApp, listenTestApp } from '../utils/test-app';

const DOCS = join(ROOT, 'docs');

/** The repository's own documentation: the README, ARCHITECTURE.md, docs/ and the benchmark notes. */
const DOCUMENTS = [
  'README.md',
  'ARCHITECTURE.md',
  join('bench', 'README.md'),
  ...readdirSync(DOCS)
    .filter((name) => name.endsWith('.md'))
    .map((name) => join('docs', name)),
];

/** Every file under `dir` whose name ends with `suffix`. */
function filesUnder(dir: string, suffix: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path, suffix);
    return entry.name.endsWith(suffix) ? [path] : [];
  });
}

const anchorsByFile = new Map<string, Set<string>>();
function anchorsOf(path: string): Set<string> {
  let anchors = anchorsByFile.get(path);
  if (anchors === undefined) {
    anchors = MarkdownDocument.read(path).anchors();
    anchorsByFile.set(path, anchors);
  }
  return anchors;
}

/** Why a link from `from` to `target` is broken, or null when its file (and anchor) exist. */
function brokenLink(from: string, target: string): string | null {
  const [file, anchor] = target.split('#');
  const path = file === '' ? from : resolve(dirname(from), decodeURI(file));
  if (!existsSync(path)) return `no file ${relative(ROOT, path)}`;
  if (anchor === undefined || !path.endsWith('.md') || statSync(path).isDirectory()) return null;
  return anchorsOf(path).has(anchor) ? null : `no heading for #${anchor} in ${relative(ROOT, path)}`;
}

describe('the documentation', () => {
  it.each(DOCUMENTS)('%s: every relative link and anchor resolves', (document) => {
    const path = join(ROOT, document);
    const broken = MarkdownDocument.read(path)
      .links()
      .filter(({ target }) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
      .map(({ target, line }) => ({ line, target, problem: brokenLink(path, target) }))
      .filter(({ problem }) => problem !== null);
    expect(broken).toEqual([]);
  });

  it('every docs/<page>.md#<anchor> that code, tests and scripts cite exists', () => {
    const cited = [
      ...filesUnder(join(ROOT, 'src'), '.ts'),
      ...filesUnder(join(ROOT, 'test'), '.ts'),
      ...filesUnder(join(ROOT, 'scripts'), '.mjs'),
      ...['Dockerfile', 'docker-compose.yml', 'jest.config.js', join('.ci', 'run')].map((name) => join(ROOT, name)),
    ].flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bdocs\/([a-z0-9-]+\.md)(?:#([a-z0-9-]+))?/g)].map((match) => ({
        file: relative(ROOT, file),
        target: match[2] === undefined ? match[1] : `${match[1]}#${match[2]}`,
      })),
    );
    const broken = cited
      .map(({ file, target }) => ({ file, target, problem: brokenLink(join(DOCS, 'README.md'), target) }))
      .filter(({ problem }) => problem !== null);
    expect(broken).toEqual([]);
  });

  it('the README stays what a newcomer needs: at most 400 lines, the reference in docs/', () => {
    const lines = readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n').length;
    expect(lines).toBeLessThanOrEqual(400);
  });

  it('the walk-through captures ids instead of pasting example ones', () => {
    const walkThrough = MarkdownDocument.read(join(ROOT, 'README.md')).section('Walk-through');
    const commands = walkThrough
      .fencedBlocks('sh')
      .join('\n')
      .split('\n')
      .filter((line) => !line.trimStart().startsWith('#'));
    expect(commands.filter((line) => /(job|batch)_[0-9A-Z]{26}|<[a-z_ ]+>/.test(line))).toEqual([]);
  });

  it('errors.md lists every error code of the registry, with its status', () => {
    const table = readFileSync(join(DOCS, 'errors.md'), 'utf8');
    const rows = new Map(
      [...table.matchAll(/^\| `([a-z_]+)` \| (\d{3}) \|/gm)].map((match) => [match[1], Number(match[2])]),
    );
    expect(Object.fromEntries(rows)).toEqual(
      Object.fromEntries(ERROR_CODE_NAMES.map((code) => [code, ERROR_CODES[code].status])),
    );
  });

  it('configuration.md has a row for every environment variable the configuration reads', () => {
    const read = new Set<string>();
    const env = new Proxy({} as Record<string, string | undefined>, {
      get: (_target, name) => {
        if (typeof name === 'string') read.add(name);
        return undefined;
      },
    });
    loadConfig(env);
    const table = readFileSync(join(DOCS, 'configuration.md'), 'utf8');
    const rows = new Set([...table.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((match) => match[1]));
    expect(read.size).toBeGreaterThan(20);
    expect([...read].filter((name) => !rows.has(name))).toEqual([]);
    expect([...rows].filter((name) => !read.has(name))).toEqual([]);
  });

  describe('operations.md and the metrics the service registers', () => {
    let app: NestFastifyApplication;

    beforeAll(async () => {
      app = await buildTestApp();
    });

    afterAll(async () => {
      await app?.close();
    });

    // The Redis circuit gauge exists only with REDIS_URL, so only this direction is checked.
    it('has a row for every vcard_* metric', async () => {
      const registered = (await app.get(ServiceMetrics).registry.getMetricsAsJSON())
        .map((metric) => metric.name)
        .filter((name) => name.startsWith('vcard_'));
      const table = readFileSync(join(DOCS, 'operations.md'), 'utf8');
      const rows = new Set([...table.matchAll(/^\| `(vcard_[a-z_]+)` \|/gm)].map((match) => match[1]));
      expect(registered.length).toBeGreaterThan(5);
      expect(registered.filter((name) => !rows.has(name))).toEqual([]);
    });
  });
});

/** The pages with an "Examples" section of `sh` blocks that paste and run. */
const EXAMPLE_PAGES = ['styled-codes.md', 'print.md', 'print-layouts.md', 'scans.md'] as const;
type ExamplePage = (typeof EXAMPLE_PAGES)[number];

/** A page's examples as the lines of one bash script in strict mode (any failing command ends it). */
function examplesOf(page: ExamplePage): { script: string; output: string[] } {
  const blocks = MarkdownDocument.read(join(DOCS, page)).section('Examples').fencedBlocks('sh');
  const lines = blocks.join('\n').split('\n');
  return {
    script: ['set -euo pipefail', `trap 'echo "example command failed: $BASH_COMMAND" >&2' ERR`, ...lines].join('\n'),
    // The output the page shows: its comment lines that start with a status.
    output: lines.filter((line) => /^# \d{3} /.test(line)).map((line) => line.slice(2)),
  };
}

interface ScriptRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a script with bash in `cwd`, killed after a minute; never throws on a non-zero exit. */
function runBash(script: string, cwd: string, env: Record<string, string>): Promise<ScriptRun> {
  const path = join(cwd, 'examples.sh');
  writeFileSync(path, script);
  return new Promise((done) => {
    execFile('bash', ['--noprofile', '--norc', path], { cwd, env, timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
      done({ code, stdout, stderr });
    });
  });
}

/** Each page's size as pdfinfo reads it, in millimetres to the tenth. */
function pagesInMm(pdf: PrintFile): string[] {
  const mm = (points: number): number => Math.round((points / 72) * 254) / 10;
  return pdfPages(pdf).map(({ width, height }) => `${mm(width)} x ${mm(height)}`);
}

/** `describe` when every program the suite runs is installed, else the skip naming the first missing one. */
function describeWithPrograms(programs: ReadonlyArray<[string, string, string[]?]>): typeof describe {
  for (const [program, install, args] of programs) {
    const chosen = describeWithProgram(program, install, args);
    if (chosen !== describe) return chosen;
  }
  return describe;
}

describeWithPrograms([
  ['curl', 'apt-get install -y curl'],
  ['pdfinfo', 'apt-get install -y poppler-utils', ['-v']],
  ['gs', 'apt-get install -y ghostscript'],
  ['zbarimg', 'apt-get install -y zbar-tools'],
])('the examples of the styled-code and print pages, pasted into bash against the service', () => {
  let app: NestFastifyApplication;
  let dir: string;
  const runs = new Map<ExamplePage, ScriptRun>();
  const file = (name: string): Buffer => readFileSync(join(dir, name));

  beforeAll(async () => {
    const listening = await listenTestApp();
    app = listening.app;
    dir = mkdtempSync(join(tmpdir(), 'docs-examples-'));
    for (const page of EXAMPLE_PAGES) {
      // HOME in the temporary directory: no personal .curlrc or shell start-up file takes part.
      const env = { PATH: process.env.PATH ?? '', HOME: dir, BASE: listening.baseUrl };
      runs.set(page, await runBash(examplesOf(page).script, dir, env));
    }
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it.each(EXAMPLE_PAGES)('%s: every command exits 0 and prints what the page shows', (page) => {
    const run = runs.get(page)!;
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    const { output } = examplesOf(page);
    expect(output.length).toBeGreaterThanOrEqual(2);
    expect(run.stdout.trimEnd().split('\n')).toEqual(output);
  });

  it('scans.md: the scan of the code and of the form are one answer, whose contact gives the same card again', async () => {
    const scanned = JSON.parse(file('ada-scan.json').toString('utf8'));
    expect(JSON.parse(file('ada-form.json').toString('utf8'))).toEqual(scanned);
    expect(scanned.codes[0].text).toBe(zbarimgRead(file('ada.png'))?.toString('utf8'));
    const again = await app.inject({ method: 'POST', url: '/v1/vcard', payload: scanned.codes[0].import.contact });
    expect(again.json().qrPayload).toBe(scanned.codes[0].text);
    expect(JSON.parse(file('refused.json').toString('utf8')).error.details).toEqual({ issue: 'not_an_image' });
  });

  it('styled-codes.md: the PNG, the SVG and the 30 mm PDF with the inline logo read back as the card', () => {
    const png = zbarimgRead(file('ada-styled.png'));
    const svg = zbarimgRead(rasteriseSvg(file('ada-styled.svg')));
    expect(png?.toString('utf8')).toMatch(/^BEGIN:VCARD\r\nVERSION:3\.0\r\n[^]*\r\nFN:Ada Lovelace\r\n/);
    expect(svg?.toString('utf8')).toBe(png?.toString('utf8'));
    expect(file('ada-styled.svg').toString('utf8')).toContain('<image');
    const pdf = new PrintFile(file('ada-styled-30mm.pdf'), 'pdf');
    try {
      // 30 mm wide; the frame's caption makes the page taller than wide.
      expect(pagesInMm(pdf)).toEqual(['30 x 35.5']);
      expect(zbarimg(renderPdfPage(pdf, 1, 300), pdf.folder).toString('utf8')).toBe(png?.toString('utf8'));
    } finally {
      pdf.done();
    }
  });

  it('styled-codes.md: the gradient PNG, SVG and PDF read back as the card; the SVG has SVG gradients', () => {
    const png = zbarimgRead(file('ada-gradient.png'))?.toString('utf8');
    expect(png).toMatch(/\r\nFN:Ada Lovelace\r\n/);
    expect(zbarimgRead(rasteriseSvg(file('ada-gradient.svg')))?.toString('utf8')).toBe(png);
    const svg = file('ada-gradient.svg').toString('utf8');
    expect([svg.includes('<linearGradient '), svg.includes('<radialGradient ')]).toEqual([true, true]);
    const pdf = new PrintFile(file('ada-gradient.pdf'), 'pdf');
    try {
      expect(zbarimg(renderPdfPage(pdf, 1, 300), pdf.folder).toString('utf8')).toBe(png);
    } finally {
      pdf.done();
    }
  });

  it('print.md: a one-page PDF 30 mm square and an EPS 1.25 in wide, each the card', () => {
    const pdf = new PrintFile(file('ada-30mm.pdf'), 'pdf');
    const eps = new PrintFile(file('ada.eps'), 'eps');
    try {
      expect(pagesInMm(pdf)).toEqual(['30 x 30']);
      expect(file('ada.eps').toString('latin1')).toMatch(/^%!PS-Adobe-3\.0 EPSF-3\.0\n[^]*%%BoundingBox: 0 0 90 90\n/);
      const fromPdf = zbarimg(renderPdfPage(pdf, 1, 300), pdf.folder).toString('utf8');
      expect(fromPdf).toContain('\r\nFN:Ada Lovelace\r\n');
      expect(zbarimg(renderEps(eps, 300)).toString('utf8')).toBe(fromPdf);
    } finally {
      pdf.done();
      eps.done();
    }
  });

  it.each(['card-eu', 'badge-a6', 'label-l7160'])(
    'print-layouts.md: the %s sheet, one A4 page with every name',
    (layout) => {
      const sheet = new PrintFile(file(`sheet-${layout}.pdf`), 'pdf');
      try {
        expect(pagesInMm(sheet)).toEqual(['210 x 297']);
        const text = pdfText(sheet, 1);
        for (const name of ['Ada Lovelace', 'Grace Hopper', 'Alan Turing']) expect(text).toContain(name);
      } finally {
        sheet.done();
      }
    },
  );
});
