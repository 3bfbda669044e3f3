import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from './redis-server';
import { ROOT, serviceNodeArgs } from './service-command';

const MAIN = join(ROOT, 'dist', 'main.js');

function newestSourceMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSourceMtime(path));
    else if (!entry.name.endsWith('.spec.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** `npm test` builds first (pretest); a direct `npx jest` run rebuilds only a missing or stale dist. */
export function ensureBuilt(): void {
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

/** The built service as `npm start` and the Dockerfile run it, on a free loopback port, with its log. */
export class SpawnedService {
  private output = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;

  private constructor(
    readonly child: ChildProcess,
    readonly port: number,
  ) {
    child.stdout!.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
    );
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Every log line so far, parsed (the service logs JSON lines). */
  get logLines(): Array<{ level: string; message: unknown; context?: string }> {
    return this.output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: string; message: unknown; context?: string });
  }

  static async start(env: Record<string, string> = {}): Promise<SpawnedService> {
    ensureBuilt();
    const port = await freePort();
    const child = spawn(process.execPath, serviceNodeArgs(), {
      cwd: ROOT,
      env: { PATH: process.env.PATH, PORT: String(port), LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      // A service outlives no suite: one a crashed suite left behind is stopped, so Jest can exit.
      timeout: 5 * 60_000,
    });
    const service = new SpawnedService(child, port);
    try {
      await service.waitUntilHealthy();
    } catch (error) {
      service.kill(); // never leave a child process behind: Jest would not exit
      throw error;
    }
    return service;
  }

  private async waitUntilHealthy(): Promise<void> {
    // Generous: on a loaded 2-core host a cold start (Nest, the MCP SDK, the render pool) has taken over 15 s.
    const deadline = Date.now() + 45_000;
    while (Date.now() < deadline && this.child.exitCode === null) {
      try {
        if ((await fetch(`${this.baseUrl}/v1/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`the service did not become healthy:\n${this.output}`);
  }

  kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }
}
