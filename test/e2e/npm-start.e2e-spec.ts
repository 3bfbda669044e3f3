import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../utils/redis-server';
import { ROOT, serviceNodeArgs } from '../utils/service-command';
import { ensureBuilt } from '../utils/spawned-service';

// `npm start`: its prestart builds only a stale dist/ (scripts/build-if-stale.cjs, on a scratch
// project whose build script only counts its runs), and the built service says where it listens
// and that it stopped, in one human line on a terminal (LOG_FORMAT=pretty) or a JSON line.

// eslint-disable-next-line @typescript-eslint/no-require-imports
const stale = require(join(ROOT, 'scripts', 'build-if-stale.cjs')) as {
  isStale(root: string): boolean;
  main(root: string): number;
};

describe("npm start's build step", () => {
  const root = mkdtempSync(join(tmpdir(), 'build-if-stale-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (path: string, text: string) => writeFileSync(join(root, path), text);
  const builds = () => readFileSync(join(root, 'builds.log'), 'utf8').length;

  it('is the prestart script', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.prestart).toBe('node scripts/build-if-stale.cjs');
  });

  it('builds a first time, then not while nothing it builds from changed (by content, not mtime)', () => {
    mkdirSync(join(root, 'src'));
    write('src/main.ts', 'export const a = 1;\n');
    write('src/main.spec.ts', 'it.todo("x");\n');
    // The build: writes dist/main.js and counts its runs.
    const build =
      "require('fs').mkdirSync('dist',{recursive:true});require('fs').writeFileSync('dist/main.js','');require('fs').appendFileSync('builds.log','x')";
    write('package.json', JSON.stringify({ name: 'scratch', private: true, scripts: { build: `node -e "${build}"` } }));
    write('builds.log', '');

    expect(stale.isStale(root)).toBe(true);
    expect(stale.main(root)).toBe(0);
    expect(builds()).toBe(1);
    expect(stale.isStale(root)).toBe(false);
    expect(stale.main(root)).toBe(0);
    expect(builds()).toBe(1);

    utimesSync(join(root, 'src/main.ts'), new Date(), new Date(Date.now() + 60_000));
    write('src/main.spec.ts', 'it.todo("y");\n');
    expect(stale.isStale(root)).toBe(false);

    write('src/main.ts', 'export const a = 2;\n');
    expect(stale.isStale(root)).toBe(true);
    expect(stale.main(root)).toBe(0);
    expect(builds()).toBe(2);

    unlinkSync(join(root, 'dist/main.js'));
    expect(stale.isStale(root)).toBe(true);
  });
});

/** The built service as `npm start` runs it, with its stdout kept. */
async function startService(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; port: number; out: () => string }> {
  const port = await freePort();
  const child = spawn(process.execPath, serviceNodeArgs(), {
    cwd: ROOT,
    env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A service outlives no suite: one a failed test left behind is stopped, so Jest can exit.
    timeout: 5 * 60_000,
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return { child, port, out: () => out };
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !check(); waited += 20) {
    if (waited > 15_000) throw new Error(`no ${what} within 15 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the start and stop lines of the built service', () => {
  beforeAll(ensureBuilt, 300_000);

  it('LOG_FORMAT=pretty: one human line with the URL, and one that says it stopped on SIGINT', async () => {
    const { child, port, out } = await startService({ LOG_FORMAT: 'pretty' });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    await until(() => out().includes('Listening on'), 'start line');
    const lines = out().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(
      `[Startup] Listening on http://127.0.0.1:${port}: open http://localhost:${port}/ (playground), ` +
        `http://localhost:${port}/docs (API docs). Ctrl-C stops it.`,
    );
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(out()).toMatch(/\[Shutdown\] Stopped \(SIGINT\)\.\n$/);
    expect(out()).not.toContain('{');
  }, 60_000);

  it('JSON lines for a pipe (LOG_FORMAT unset): the listening record, then {msg: stopped, signal} on SIGTERM', async () => {
    const { child, port, out } = await startService({});
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    await until(() => out().includes('"listening"'), 'start line');
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const records = out()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { context: string; message: unknown });
    expect(records.map(({ context, message }) => [context, message])).toEqual([
      ['Startup', { msg: 'listening', url: `http://127.0.0.1:${port}`, publicBaseUrl: `http://localhost:${port}` }],
      ['Shutdown', { msg: 'stopped', signal: 'SIGTERM' }],
    ]);
  }, 60_000);
});
