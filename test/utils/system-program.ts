import { describe } from '@jest/globals';
import { spawnSync } from 'node:child_process';

/**
 * `describe` for a suite that needs a system program (a real redis-server, a real browser). On a
 * machine without it the suite is skipped with one line saying what to install; under CI=true a
 * missing program is a failure, never a skip (.ci/run installs every one).
 */
export function describeWithProgram(
  program: string,
  install: string,
  args: string[] = ['--version'],
  mustSucceed = false,
): typeof describe {
  const run = spawnSync(program, args, { stdio: 'ignore', timeout: 10_000 });
  // With mustSucceed, the check itself must exit 0 (python3 -c 'import vobject': the module, not just python).
  const found = run.error === undefined && (!mustSucceed || run.status === 0);
  if (found) return describe;
  if (process.env.CI === 'true') throw new Error(`${program} is not installed and CI=true: ${install}`);
  process.stderr.write(`SKIPPED (${program} not installed; ${install}): ${expect.getState().testPath ?? 'a suite'}\n`);
  return describe.skip as typeof describe;
}

/** The suites that run against a real redis-server on a free loopback port. */
export const describeWithRedis = (): typeof describe =>
  describeWithProgram('redis-server', 'apt-get install -y redis-server');
