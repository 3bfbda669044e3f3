import { expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { zbarimgRead } from '../utils/styled-code-readers';
import { describeWithProgram } from '../utils/system-program';

const ROOT = join(__dirname, '..', '..');
const DIST = join(ROOT, 'dist');
/** The Node flags `npm start` runs the service with: worker threads inherit them. */
const START_FLAGS = (
  JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }
).scripts.start
  .split(/\s+/)
  .filter((word) => word.startsWith('--'));
const PAYLOAD = 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Zoë Ελένη 山田\r\nEND:VCARD';

describeWithProgram('zbarimg', 'apt-get install -y zbar-tools')(
  'the render pool from the build (dist/, as npm start runs it)',
  () => {
    it('finds the compiled styled-code task, draws and checks a code in a worker thread offline, and closes', () => {
      if (!existsSync(join(DIST, 'infra/render-pool/render-code.task.js')))
        throw new Error('dist/ has no render pool: `npm test` builds it first, or run `npm run build`.');
      const run = spawnSync(
        process.execPath,
        [
          ...START_FLAGS,
          '--require',
          join(ROOT, 'test/utils/offline-guard.cjs'),
          join(ROOT, 'test/fixtures/render-pool/check-with-dist.cjs'),
          DIST,
        ],
        { cwd: ROOT, encoding: 'utf8', timeout: 60_000 },
      );
      expect(run.stderr).not.toContain('offline-guard');
      expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
      const { png, ...result } = JSON.parse(run.stdout) as { png: string };
      expect(result).toEqual({
        file: join(DIST, 'infra/render-pool/render-code.task.js'),
        workers: Math.max(1, availableParallelism() - 1),
        check: { zbar: true, zxing: true },
      });
      // An independent reader sees the payload in the file the worker drew.
      expect(zbarimgRead(Buffer.from(png, 'base64'))?.toString('utf8')).toBe(PAYLOAD);
    });
  },
);
