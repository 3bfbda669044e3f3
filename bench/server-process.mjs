// A benchmarked server: a child process pinned to one core, with its memory read from /proc.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolvePort(port));
    });
  });
}

/** VmRSS and VmHWM (peak RSS) of a process, in MB. */
export function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMB: kb('VmRSS') / 1024, hwmMB: kb('VmHWM') / 1024 };
}

const TICKS_PER_SECOND = 100; // USER_HZ: `getconf CLK_TCK` on Linux

/**
 * CPU seconds (user + system) a process has used. Unlike throughput, CPU time per request hardly
 * moves when other processes compete for the core, so it is the steadier comparison on a busy host.
 */
export function cpuSecondsOf(pid) {
  // Fields after the command name (which may contain spaces): utime and stime are the 12th and 13th.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/**
 * Starts `node <script>` under `taskset -c <cpu>` (taskset execs node, so the pid is node's) and
 * waits until GET <readyPath> answers 200. Stdout is discarded (the service's request log goes to
 * /dev/null: its cost is the formatting and the write call, not a reader); stderr is kept for errors.
 */
export async function startServer({
  name,
  script,
  cpu,
  env,
  nodeArgs = [],
  readyPath = '/v1/health',
  timeoutMs = 30_000,
}) {
  const port = await freePort();
  const child = spawn('taskset', ['-c', String(cpu), process.execPath, ...nodeArgs, script], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-8000)));
  const exited = new Promise((resolveExit) => child.once('exit', (code, signal) => resolveExit({ code, signal })));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const early = await Promise.race([exited, new Promise((r) => setTimeout(() => r(null), 100))]);
    if (early) throw new Error(`${name} exited during start-up (${JSON.stringify(early)}):\n${stderr}`);
    try {
      if ((await fetch(`${url}${readyPath}`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} did not answer ${readyPath} within ${timeoutMs} ms:\n${stderr}`);
    }
  }
  return {
    name,
    url,
    pid: child.pid,
    memory: () => memoryOf(child.pid),
    cpuSeconds: () => cpuSecondsOf(child.pid),
    stderr: () => stderr,
    async stop() {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
