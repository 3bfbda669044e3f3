import { expect, it } from '@jest/globals';
import { buildSync } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Writable } from 'node:stream';
import { goldenOutputs } from '../../../test/fixtures/print/golden-outputs';
import { people, personItem } from '../../../test/fixtures/print/sheet-people';
import { writeSheet } from './sheet-writer';

const ROOT = resolve(__dirname, '../../..');

it('writes the same PDF, EPS and sheet bytes in this process, after another sheet, and in two fresh ones', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'print-golden-'));
  try {
    const script = join(folder, 'golden.cjs');
    buildSync({
      entryPoints: [join(ROOT, 'test/fixtures/print/golden-entry.ts')],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      packages: 'external',
      outfile: script,
      logLevel: 'silent',
    });
    const runs = [1, 2].map(() => {
      const child = spawnSync(process.execPath, [script], {
        env: { ...process.env, NODE_PATH: join(ROOT, 'node_modules') },
        timeout: 120_000,
      });
      if (child.status !== 0) throw new Error(child.stderr.toString());
      return JSON.parse(child.stdout.toString());
    });
    // Fonts are parsed once per process and shared by every document: another sheet first, with
    // other glyphs, must not change this process's bytes.
    await writeSheet(
      'label-5160',
      [personItem(3, { name: 'Ωμέγα 東京 서울 Ünïcødé' }), ...people(40)],
      new Writable({ write: (_chunk, _encoding, callback) => callback() }),
    );
    const here = await goldenOutputs();
    expect(Object.keys(here)).toHaveLength(5);
    expect(runs[0]).toEqual(here);
    expect(runs[1]).toEqual(here);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
