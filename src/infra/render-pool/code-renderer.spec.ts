import { afterEach, describe, expect, it, jest } from '@jest/globals';
import os from 'node:os';
import { ringLogo, TYPICAL_CARD } from '../../../test/fixtures/styled/styled-fixtures';
import type { StyledCodeOrder } from '../../lib/qr/style/draw-styled-code';
import { judgeServiceQrStyle } from '../../lib/qr/style/service-qr-style';
import type { ServiceConfig } from '../../options/service-config';
import { ARCHIVE_HELPERS_MIN_CODES, CodeRenderer } from './code-renderer';
import type { RenderedCode } from './render-code.task';
import { RenderPools } from './render-pools';

const judged = judgeServiceQrStyle(
  { modules: 'rounded', finders: 'rounded', logo: { image: ringLogo(64), size: 0.2 } },
  { margin: 4 },
);
const order = (name: string): StyledCodeOrder => ({
  payload: TYPICAL_CARD.replace('FN:', `FN:${name} `),
  level: judged.level,
  style: judged.style!,
  margin: 4,
  scale: 4,
  type: 'png',
});

/** A renderer of one pool worker, on a machine said to have `cores` cores. */
function rendererOn(cores: number): CodeRenderer {
  jest.spyOn(os, 'availableParallelism').mockReturnValue(cores);
  const pools = new RenderPools({ renderPool: { workers: 1, queueLimit: 4 } } as ServiceConfig);
  running.push(pools);
  return new CodeRenderer(pools);
}
const running: RenderPools[] = [];

describe('CodeRenderer archives', () => {
  afterEach(async () => {
    jest.restoreAllMocks();
    await Promise.all(running.splice(0).map((pools) => pools.onApplicationShutdown()));
  });

  it('draws an archive on the pool and on helpers for the cores it leaves, the same bytes wherever drawn', async () => {
    const renderer = rendererOn(3);
    const archive = renderer.archive(ARCHIVE_HELPERS_MIN_CODES);
    expect(archive.workers).toBe(3);
    expect(renderer.archiveHelpers).toBe(2);
    const orders = ['Ada', 'Grace', 'Alan'].map(order);
    const drawn = orders.map((each) => archive.render(each));
    // Two went to the helpers: the pool holds one code.
    expect(renderer.load.running + renderer.load.queued).toBe(1);
    const codes = (await Promise.all(drawn)) as RenderedCode[];
    const alone = (await Promise.all(orders.map((each) => renderer.render(each)))) as RenderedCode[];
    for (const [i, code] of codes.entries()) {
      expect(code.check).toEqual({ zbar: true, zxing: true });
      expect(Buffer.from(code.file).equals(Buffer.from(alone[i].file))).toBe(true);
    }
    archive.release();
    expect(renderer.archiveHelpers).toBe(0);
  });

  it('keeps the helpers while any archive streams, and starts them again for the next', async () => {
    const renderer = rendererOn(2);
    const first = renderer.archive(5000);
    const second = renderer.archive(5000);
    expect([first.workers, second.workers, renderer.archiveHelpers]).toEqual([2, 2, 1]);
    first.release();
    first.release();
    expect(renderer.archiveHelpers).toBe(1);
    second.release();
    expect(renderer.archiveHelpers).toBe(0);
    const third = renderer.archive(5000);
    expect(renderer.archiveHelpers).toBe(1);
    expect(await third.render(order('Edsger'))).toMatchObject({ check: { zbar: true, zxing: true } });
    third.release();
    expect(renderer.archiveHelpers).toBe(0);
  });

  it('starts no helper for a small archive, on a machine with no core to spare, or after shutdown', async () => {
    const small = rendererOn(4).archive(ARCHIVE_HELPERS_MIN_CODES - 1);
    expect(small.workers).toBe(1);
    const busy = rendererOn(1);
    expect(busy.archive(10_000).workers).toBe(1);
    expect(busy.archiveHelpers).toBe(0);
    const closing = rendererOn(8);
    await running[running.length - 1].onApplicationShutdown();
    expect(closing.archive(10_000).workers).toBe(1);
    expect(closing.archiveHelpers).toBe(0);
  });
});
