import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { loadConfig } from '../../src/config/load-config';
import { ERROR_CODES, ERROR_CODE_NAMES } from '../../src/core/errors/error-codes';
import { ServiceMetrics } from '../../src/core/metrics/service-metrics';
import { MarkdownDocument } from '../utils/markdown-document';
import { ROOT } from '../utils/service-command';
import { buildTestApp } from '../utils/test-app';

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
