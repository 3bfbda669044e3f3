import { describe } from '@jest/globals';
import { spawnSync } from 'node:child_process';

/** A system program a suite runs, how to ask whether it is there, and what to install when it is not. */
export interface SystemProgram {
  program: string;
  install: string;
  args?: string[];
  /** The check itself must exit 0 (python3 -c 'import vobject': the module, not just python). */
  mustSucceed?: boolean;
}

const POPPLER_INSTALL = 'apt-get install -y poppler-utils';
const poppler = (program: string): SystemProgram => ({ program, install: POPPLER_INSTALL, args: ['-v'] });

/** The programs the suites run, by what the suites call them. */
export const PROGRAMS = {
  zbarimg: { program: 'zbarimg', install: 'apt-get install -y zbar-tools' },
  qrencode: { program: 'qrencode', install: 'apt-get install -y qrencode' },
  pdfinfo: poppler('pdfinfo'),
  pdftoppm: poppler('pdftoppm'),
  pdftotext: poppler('pdftotext'),
  pdffonts: poppler('pdffonts'),
  pdfimages: poppler('pdfimages'),
  gs: { program: 'gs', install: 'apt-get install -y ghostscript' },
  redis: { program: 'redis-server', install: 'apt-get install -y redis-server' },
  chromium: { program: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', install: 'apt-get install -y chromium' },
  unzip: { program: 'unzip', install: 'apt-get install -y unzip', args: ['-v'] },
  curl: { program: 'curl', install: 'apt-get install -y curl' },
  dockerCompose: { program: 'docker-compose', install: 'apt-get install -y docker-compose', args: ['version'] },
  python3: { program: 'python3', install: 'apt-get install -y python3' },
} as const satisfies Record<string, SystemProgram>;

/** Every poppler-utils program the print suites run (one package: a suite that needs one, checks all). */
export const POPPLER: readonly SystemProgram[] = [
  PROGRAMS.pdfinfo,
  PROGRAMS.pdftoppm,
  PROGRAMS.pdftotext,
  PROGRAMS.pdffonts,
  PROGRAMS.pdfimages,
];

const found = new Map<string, boolean>();
/** The missing programs this test file's skip lines already named. */
const named = new Set<string>();

/** Whether a program answers its check (asked once per program and arguments in a test file). */
export function hasProgram({ program, args = ['--version'], mustSucceed = false }: SystemProgram): boolean {
  const key = [program, ...args].join('\0');
  let present = found.get(key);
  if (present === undefined) {
    const run = spawnSync(program, args, { stdio: 'ignore', timeout: 10_000 });
    // Missing means not found: a program slow to answer on a busy machine (its check timed out) is there.
    const notFound = (run.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
    present = !notFound && (!mustSucceed || run.status === 0);
    found.set(key, present);
  }
  return present;
}

/**
 * `describe` for a suite that runs system programs (a real redis-server, a real browser, zbarimg):
 * every program is checked, and on a machine without one of them the suite is skipped with one line
 * naming each missing program and what to install; under CI=true a missing program is a failure,
 * never a skip (.ci/run installs every one).
 */
export function describeWithPrograms(programs: readonly SystemProgram[]): typeof describe {
  const missing = programs.filter((program) => !hasProgram(program));
  if (missing.length === 0) return describe;
  const names = [...new Set(missing.map(({ program }) => program))];
  const install = [...new Set(missing.map((program) => program.install))].join('; ');
  if (process.env.CI === 'true') throw new Error(`${names.join(', ')} not installed and CI=true: ${install}`);
  // One line per file: a block inside a skipped block, missing the same programs, says nothing more.
  if (names.some((name) => !named.has(name))) {
    names.forEach((name) => named.add(name));
    const file = expect.getState().testPath ?? 'a suite';
    process.stderr.write(`SKIPPED (${names.join(', ')} not installed; ${install}): ${file}\n`);
  }
  return describe.skip as typeof describe;
}

/** `describeWithPrograms` for one program. */
export function describeWithProgram(
  program: string,
  install: string,
  args: string[] = ['--version'],
  mustSucceed = false,
): typeof describe {
  return describeWithPrograms([{ program, install, args, mustSucceed }]);
}

/** The suites that run against a real redis-server on a free loopback port. */
export const describeWithRedis = (): typeof describe => describeWithPrograms([PROGRAMS.redis]);
