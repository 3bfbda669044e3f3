import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, serviceNodeArgs } from '../utils/service-command';

describe('start-up with a bad configuration', () => {
  it('stops with exit code 1 and a message naming each bad variable (the npm start / Dockerfile command)', () => {
    expect(existsSync(join(ROOT, 'dist', 'main.js'))).toBe(true); // built by `npm test`'s pretest
    const result = spawnSync(process.execPath, serviceNodeArgs(), {
      cwd: ROOT,
      env: { PATH: process.env.PATH, RATE_LIMIT_MAX: 'lots', BODY_LIMIT_BYTES: '12', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 15_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration');
    expect(result.stderr).toContain('RATE_LIMIT_MAX must be a whole number');
    expect(result.stderr).toContain('BODY_LIMIT_BYTES must be a whole number');
    expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace for an operator error
  });
});

describe('one production command', () => {
  it("the Dockerfile's CMD is exactly `npm start`'s command (the one the tests spawn)", () => {
    const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
    const cmds = [...dockerfile.matchAll(/^CMD (\[.*\])\s*$/gm)].map((match) => JSON.parse(match[1]) as string[]);
    expect(cmds).toHaveLength(1);
    expect(cmds[0]).toEqual(['node', ...serviceNodeArgs()]);
    expect(serviceNodeArgs()).toContain('dist/main.js');
  });
});
