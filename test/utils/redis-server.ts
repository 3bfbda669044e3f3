import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * A real redis-server (Debian package) on a free loopback port, without persistence. Fails loudly
 * when redis-server is not installed: CI installs it, and a skipped Redis test would hide a gap.
 */
export class RedisServer {
  private process: ChildProcess | null = null;

  private constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  static async start(): Promise<RedisServer> {
    return RedisServer.startOn(await freePort());
  }

  /** A server on a given port (e.g. one a client was told about before the server existed). */
  static async startOn(port: number): Promise<RedisServer> {
    const found = spawnSync('redis-server', ['--version'], { encoding: 'utf8', timeout: 10_000 });
    if (found.error) throw new Error('redis-server is not installed (apt-get install -y redis-server)');
    const server = new RedisServer(port);
    await server.run();
    return server;
  }

  private async run(): Promise<void> {
    const child = spawn(
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--protected-mode',
        'yes',
      ],
      // A server outlives no suite: one a crashed suite left behind is stopped, so Jest can exit.
      { stdio: ['ignore', 'pipe', 'pipe'], timeout: 5 * 60_000 },
    );
    this.process = child;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('redis-server did not start within 5 s')), 5000);
      child.stdout!.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited with code ${code}`));
      });
    });
  }

  /** Stops the server (e.g. to test behaviour while Redis is down). */
  async stop(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null) return;
    this.process = null;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }

  /** Freezes the server (SIGSTOP): connections stay open, nothing is answered, as with a hung Redis. */
  freeze(): void {
    this.process?.kill('SIGSTOP');
  }

  /** Lets a frozen server run again (SIGCONT). */
  thaw(): void {
    this.process?.kill('SIGCONT');
  }

  /** Starts the server again on the same port. */
  async restart(): Promise<void> {
    await this.stop();
    await this.run();
  }
}
