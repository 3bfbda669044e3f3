// In-process encoder throughput: cards per second for a typical and a large card, after warm-up.
// Run by run.mjs pinned to the server core; prints one JSON object.
// Env: BENCH_DIST (default dist), BENCH_ENCODER_SECONDS (per card, default 2).
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { LARGE_CARD, TYPICAL_CARD } from './cards.mjs';

const require = createRequire(import.meta.url);
const { encodeVCard } = require(`${resolve(process.env.BENCH_DIST ?? 'dist')}/lib/vcard/index.js`);
const seconds = Number(process.env.BENCH_ENCODER_SECONDS ?? 2);

function cardsPerSecond(card, ms) {
  let n = 0;
  let sink = 0;
  const end = performance.now() + ms;
  let now;
  // Check the clock every 256 cards so timing costs nothing measurable.
  do {
    for (let i = 0; i < 256; i++) sink += encodeVCard(card).qr.bytes;
    n += 256;
    now = performance.now();
  } while (now < end);
  if (sink === 0) throw new Error('unreachable');
  return n / ((now - end + ms) / 1000);
}

const result = {};
for (const [name, card] of [
  ['typical', TYPICAL_CARD],
  ['large', LARGE_CARD],
]) {
  cardsPerSecond(card, 500);
  result[name] = {
    bytes: encodeVCard(card).qr.bytes,
    cardsPerSecond: Math.round(cardsPerSecond(card, seconds * 1000)),
  };
}
process.stdout.write(`${JSON.stringify(result)}\n`);
