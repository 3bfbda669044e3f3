#!/usr/bin/env node
// The scan proof's CPU, two trees interleaved in one process: each tree's renderer is bundled from
// its own TypeScript sources (bench/bundle-sources.mjs), and every round times each case in both,
// the order of the two trees alternating from round to round, so the host's drift falls on both
// alike. The cases are those of bench/styled-proof.mjs: the styled + logo PNG and the plain-looking
// one, proven, and the styled + logo PNG with gradients (BENCH_CASES picks some, comma-separated).
// Before timing, each case's file and verdict are compared between the trees (byte for byte).
//
//   node bench/styled-proof-ab.mjs <baseline tree> [candidate tree, default this one]
//
// BENCH_ROUNDS rounds (default 7) of BENCH_RENDERS codes (default 6). Printed: per case, each tree's
// median and p10-p90 (min-max) of the per-round means, and the candidate/baseline ratio per round.
// With only the candidate (`-` as the baseline), the cases run in this tree alone: for a profile.
import { resolve } from 'node:path';
import { GRADIENT_COLORS, benchStyleWith } from './bench-style.mjs';
import { bundleSources, ROOT } from './bundle-sources.mjs';
import { TYPICAL_CARD } from './cards.mjs';
import { cpuMs, spread } from './cpu-spread.mjs';

const [baseArg, candidateArg] = process.argv.slice(2);
if (!baseArg) {
  console.error('usage: node bench/styled-proof-ab.mjs <baseline tree | -> [candidate tree]');
  process.exit(2);
}
const rounds = Number(process.env.BENCH_ROUNDS ?? 7);
const renders = Number(process.env.BENCH_RENDERS ?? 6);
const EXPORTS = [
  "export { drawProvenCode } from './src/lib/qr/proof/draw-proven-code';",
  "export { judgeQrStyle } from './src/lib/qr/style/judge-qr-style';",
  "export { notoCaptionFont } from './src/lib/qr/style/noto-caption-font';",
  "export { prepareQrDecoders } from './src/lib/qr/decode';",
  "export { encodeVCard } from './src/lib/vcard/encode-vcard';",
  "export { ringLogo } from './test/fixtures/styled/styled-fixtures';",
];

async function tree(path, name) {
  const lib = await bundleSources(EXPORTS, { tree: path, name: `styled-proof-ab-${name}` });
  await lib.prepareQrDecoders();
  return { name, lib };
}

const trees = [];
if (baseArg !== '-') trees.push(await tree(resolve(baseArg), 'baseline'));
trees.push(await tree(resolve(candidateArg ?? ROOT), 'candidate'));

function cases(lib) {
  const { qrPayload } = lib.encodeVCard(TYPICAL_CARD);
  const font = lib.notoCaptionFont();
  const logo = benchStyleWith(lib.ringLogo(256));
  const order = (raw) => {
    const judged = lib.judgeQrStyle(raw, { margin: 4, font });
    return {
      payload: qrPayload,
      level: judged.level,
      style: judged.style,
      margin: 4,
      scale: 8,
      type: 'png',
      proof: 'full',
    };
  };
  const all = {
    'styled + logo': order(logo),
    'plain-looking': order({ colors: { dark: '#1a3a6b' }, modules: 'square' }),
    gradient: order({ ...logo, colors: GRADIENT_COLORS }),
  };
  const picked = process.env.BENCH_CASES?.split(',') ?? Object.keys(all);
  return Object.fromEntries(picked.map((name) => [name, all[name]]));
}

const orders = trees.map(({ lib }) => cases(lib));
const names = Object.keys(orders[0]);

// The same file and verdict from both trees, and warm-up.
for (const name of names) {
  const drawn = [];
  for (const [index, { lib }] of trees.entries()) {
    for (let i = 0; i < 3; i++) await lib.drawProvenCode(orders[index][name]);
    drawn.push(await lib.drawProvenCode(orders[index][name]));
  }
  const [a, b] = drawn;
  const same = !b || (Buffer.compare(a.file, b.file) === 0 && JSON.stringify(a.check) === JSON.stringify(b.check));
  console.log(`${name}: ${a.file.length} bytes, check ${JSON.stringify(a.check)}${b ? `; trees alike: ${same}` : ''}`);
}

const values = Object.fromEntries(names.map((name) => [name, trees.map(() => [])]));
for (let round = 0; round < rounds; round++)
  for (const name of names)
    for (let turn = 0; turn < trees.length; turn++) {
      const index = (turn + round) % trees.length;
      const start = cpuMs();
      for (let i = 0; i < renders; i++) await trees[index].lib.drawProvenCode(orders[index][name]);
      values[name][index].push((cpuMs() - start) / renders);
    }

const summary = {};
for (const name of names) {
  const line = trees.map(({ name: tree }, index) => {
    const s = spread(values[name][index]);
    return `${tree} ${s.median} ms (p10-p90 ${s.p10}-${s.p90}, min-max ${s.min}-${s.max})`;
  });
  summary[name] = Object.fromEntries(trees.map(({ name: tree }, index) => [tree, spread(values[name][index])]));
  if (trees.length === 2) {
    const ratio = spread(values[name][1].map((value, round) => (100 * value) / values[name][0][round]));
    summary[name].ratio = ratio;
    line.push(`candidate/baseline ${ratio.median} % (p10-p90 ${ratio.p10}-${ratio.p90} %)`);
  }
  console.log(`${name}: ${line.join('; ')}`);
}
if (names.includes('gradient') && names.includes('styled + logo'))
  for (const [index, { name: tree }] of trees.entries()) {
    const ratio = spread(
      values.gradient[index].map((value, round) => (100 * value) / values['styled + logo'][index][round]),
    );
    summary[`gradient/solid ${tree}`] = ratio;
    console.log(`gradient/solid, ${tree}: ${ratio.median} % (p10-p90 ${ratio.p10}-${ratio.p90} %)`);
  }
console.log(JSON.stringify(summary));
