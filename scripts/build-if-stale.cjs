#!/usr/bin/env node
// `npm start`'s prestart: builds dist/ only when what it is built from changed since the build this
// step last made, so a first start builds and the next one serves in seconds. "Changed" is by
// content (a SHA-256 over every input file), not by mtime: a checkout or a copy that touches every
// file without changing it does not rebuild. The hash of the last build is kept in dist/.build-inputs.
'use strict';
const { createHash } = require('node:crypto');
const { spawnSync } = require('node:child_process');
const { existsSync, readdirSync, readFileSync, statSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

/** What `npm run build` reads besides node_modules (whose change package-lock.json shows). */
const INPUTS = [
  'src',
  'scripts/build-playground.mjs',
  'scripts/build-styled-drawing.mjs',
  'scripts/build-mcp-view.mjs',
  'tsconfig.json',
  'tsconfig.build.json',
  'nest-cli.json',
  'package.json',
  'package-lock.json',
];
/** Files under src/ that the build leaves out (tsconfig.build.json's exclude). */
const NOT_BUILT = /\.(spec|contract)\.ts$/;
const STAMP = join('dist', '.build-inputs');

function filesUnder(root, path) {
  return readdirSync(join(root, path), { withFileTypes: true }).flatMap((entry) => {
    const child = join(path, entry.name);
    if (entry.isDirectory()) return filesUnder(root, child);
    return NOT_BUILT.test(entry.name) ? [] : [child];
  });
}

function inputFiles(root) {
  return INPUTS.filter((input) => existsSync(join(root, input)))
    .flatMap((input) => (statSync(join(root, input)).isDirectory() ? filesUnder(root, input) : [input]))
    .sort();
}

/** The hash of every input's path and content, in a fixed order. */
function inputsHash(root) {
  const hash = createHash('sha256');
  for (const file of inputFiles(root)) {
    hash.update(`${file}\0`);
    hash.update(
      createHash('sha256')
        .update(readFileSync(join(root, file)))
        .digest('hex'),
    );
    hash.update('\n');
  }
  return hash.digest('hex');
}

/** Whether dist/ must be built: no dist/main.js, no hash of its build, or inputs other than that build's. */
function isStale(root, hash = inputsHash(root)) {
  if (!existsSync(join(root, 'dist', 'main.js')) || !existsSync(join(root, STAMP))) return true;
  return readFileSync(join(root, STAMP), 'utf8').trim() !== hash;
}

function writeStamp(root, hash = inputsHash(root)) {
  writeFileSync(join(root, STAMP), `${hash}\n`);
}

/** Builds when stale: one line says so, the build's own output is shown only when it fails. */
function main(root) {
  const hash = inputsHash(root);
  if (!isStale(root, hash)) return 0;
  process.stdout.write('Building dist/ (its sources changed since the last build, or it has none yet)...\n');
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 26 });
  if (build.status !== 0) {
    process.stderr.write(`${build.stdout ?? ''}${build.stderr ?? ''}The build failed.\n`);
    return build.status ?? 1;
  }
  writeStamp(root, hash);
  return 0;
}

module.exports = { inputsHash, isStale, writeStamp, main };

if (require.main === module) process.exitCode = main(join(__dirname, '..'));
