#!/usr/bin/env node
// The npm registry reachable here serves only the linux-x64 builds of packages that ship native
// binaries as platform-specific optional dependencies (@swc/core-*, @unrs/resolver-binding-*).
// npm then leaves the other platforms out of package-lock.json, and `npm ci` refuses the lock as
// "not in sync". This adds a lock entry for each such missing optional dependency, marked optional
// and restricted to its platform (read from the package name), so that `npm ci` accepts the lock
// and skips them, as it would on any registry. Run it after `npm install` changes the lock.
import { readFileSync, writeFileSync } from 'node:fs';

const LOCK = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
const OS = ['darwin', 'linux', 'win32', 'freebsd', 'android', 'openharmony', 'sunos', 'aix'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'wasm32'];

/** os, cpu and libc of a platform binary package, read from its name (e.g. core-linux-arm-gnueabihf). */
function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const armAbi = parts.some((p) => /^(gnu|musl)?eabi(hf)?$/.test(p));
  const cpu = parts.find((p) => CPU.includes(p)) ?? (armAbi ? 'arm' : undefined);
  const libc = parts.some((p) => p.startsWith('musl'))
    ? 'musl'
    : parts.some((p) => p.startsWith('gnu'))
      ? 'glibc'
      : undefined;
  return { os, cpu, libc };
}

let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [dep, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const target = `node_modules/${dep}`;
    const nested = `${path}/node_modules/${dep}`;
    if (lock.packages[target] || lock.packages[nested]) continue;
    const { os, cpu, libc } = platformOf(dep);
    if (!os || !cpu) continue; // not a platform binary: leave it for npm to resolve
    if (os === 'linux' && cpu === 'x64') continue; // this machine's own platform must really install
    lock.packages[target] = {
      version: range.replace(/^[\^~=]/, ''),
      cpu: [cpu],
      optional: true,
      os: [os],
      ...(libc ? { libc: [libc] } : {}),
    };
    added += 1;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lock: added ${added} foreign-platform optional entries`);
