import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { EventSource } from 'eventsource';
import { ROOT, serviceNodeArgs } from '../utils/service-command';

const MAIN = join(ROOT, 'dist', 'main.js');

function newestSourceMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSourceMtime(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** `npm test` builds first (pretest); a direct `npx jest` run rebuilds only a missing or stale dist. */
function ensureBuilt(): void {
  let builtAt = 0;
  try {
    builtAt = statSync(MAIN).mtimeMs;
  } catch {
    // not built yet
  }
  if (builtAt < newestSourceMtime(join(ROOT, 'src'))) {
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'pipe', timeout: 120_000 });
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitUntilHealthy(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`${baseUrl}/v1/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the service did not become healthy');
}

describe('the built service, as npm start and the Dockerfile run it', () => {
  let child: ChildProcess;
  let baseUrl: string;

  beforeAll(async () => {
    ensureBuilt();
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, serviceNodeArgs(), {
      cwd: ROOT,
      env: { PATH: process.env.PATH, PORT: String(port), LOG_LEVEL: 'silent' },
      stdio: 'ignore',
    });
    await waitUntilHealthy(baseUrl, child);
  }, 150_000);

  afterAll(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });

  it('with PUBLIC_BASE_URL unset, every link it hands out follows PORT; GET / is the playground', async () => {
    const port = new URL(baseUrl).port;
    const headers = { 'content-type': 'application/json' };
    const card = (await (await fetch(`${baseUrl}/v1/vcard`, { method: 'POST', headers, body: '{"fullName":"Ada"}' })).json()) as { generatorUrl: string };
    expect(card.generatorUrl).toBe(`http://localhost:${port}/`);
    const job = await fetch(`${baseUrl}/v1/jobs/vcard`, { method: 'POST', headers, body: '{"fullName":"Ada"}' });
    expect(job.status).toBe(202);
    expect(job.headers.get('location')).toMatch(new RegExp(`^http://localhost:${port}/v1/jobs/job_`));
    const error = (await (await fetch(`${baseUrl}/v1/jobs/nope`)).json()) as { error: { docsUrl: string } };
    expect(error.error.docsUrl).toMatch(new RegExp(`^http://localhost:${port}/docs/errors#`));
    const page = await fetch(`${baseUrl}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it('on SIGTERM ends an open stream with a shutdown event and exits 0 within 2 s', async () => {
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
    );
    let sigtermAt = 0;
    const received: Array<{ type: string; id: string; data: Record<string, unknown> }> = [];
    await new Promise<void>((resolve, reject) => {
      const source = new EventSource(`${baseUrl}/v1/stream?intervalMs=1000`);
      const timer = setTimeout(() => {
        source.close();
        reject(new Error(`no shutdown event; got ${JSON.stringify(received)}`));
      }, 5000);
      for (const type of ['progress', 'complete', 'shutdown']) {
        source.addEventListener(type, (event) => {
          received.push({ type, id: event.lastEventId, data: JSON.parse(event.data) });
          if (received.length === 1) {
            sigtermAt = Date.now();
            child.kill('SIGTERM');
          }
          if (type !== 'progress') {
            clearTimeout(timer);
            source.close();
            resolve();
          }
        });
      }
    });
    const exit = await exited;
    expect(received.map((e) => [e.type, e.id])).toEqual([
      ['progress', '1'],
      ['shutdown', '1'],
    ]);
    expect(received[1].data).toMatchObject({ operation: 'create_vcard_payload' });
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(exit.at - sigtermAt).toBeLessThan(2000);
  });
});
