import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describeWithProgram } from './system-program';

/**
 * One property as python3-vobject reads it: name, parameters (values as lists), value (N and ADR as component lists).
 */
export type VobjectProperty = [name: string, params: Record<string, string[]>, value: unknown];

export interface VobjectCard {
  cards: number;
  properties: VobjectProperty[];
}

/** Debian's python3, which has python3-vobject (a pyenv python on PATH would not). */
export const SYSTEM_PYTHON = '/usr/bin/python3';

/** Suites that read vCards with python3-vobject. */
export const describeWithVobject = (): ReturnType<typeof describeWithProgram> =>
  describeWithProgram(SYSTEM_PYTHON, 'apt-get install -y python3-vobject', ['-c', 'import vobject'], true);

/** Reads every text with python3-vobject in one process. */
export function readWithVobject(texts: readonly string[]): VobjectCard[] {
  const run = spawnSync(SYSTEM_PYTHON, [join(__dirname, 'read-vcards.py')], {
    input: JSON.stringify(texts),
    maxBuffer: 256 * 1024 * 1024,
    timeout: 120_000,
  });
  if (run.status !== 0) throw new Error(`vobject failed: ${run.error ?? run.stderr.toString().slice(0, 2000)}`);
  return JSON.parse(run.stdout.toString()) as VobjectCard[];
}
