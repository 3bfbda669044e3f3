import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

describe('start-up with a bad configuration', () => {
  it('stops with exit code 1 and a message naming each bad variable (dist/main.js, as in the Dockerfile)', () => {
    expect(existsSync(join(ROOT, 'dist', 'main.js'))).toBe(true); // built by `npm test`'s pretest
    const result = spawnSync(process.execPath, ['dist/main.js'], {
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
