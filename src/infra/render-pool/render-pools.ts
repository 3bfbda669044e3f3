import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { availableParallelism } from 'node:os';
import { SERVICE_CONFIG, ServiceConfig } from '../../options/service-config';
import type plainCodesTask from './plain-codes.task';
import type renderCodeTask from './render-code.task';
import { RenderPool } from './render-pool';
import { renderTaskModule } from './render-task-module';
import type scanImageTask from './scan-image.task';
import type sheetItemsTask from './sheet-items.task';

const PLAIN_CODES_TASK = renderTaskModule<typeof plainCodesTask>(__dirname, 'plain-codes.task');
const RENDER_CODE_TASK = renderTaskModule<typeof renderCodeTask>(__dirname, 'render-code.task');
const SCAN_IMAGE_TASK = renderTaskModule<typeof scanImageTask>(__dirname, 'scan-image.task');
const SHEET_ITEMS_TASK = renderTaskModule<typeof sheetItemsTask>(__dirname, 'sheet-items.task');

/** The longest a styled code may take from admission: the largest PNG (version 40 at 40 px a module) takes seconds. */
const CODE_TIMEOUT_MS = 20_000;
/** The longest a chunk of a codes.zip or a sheet may take from admission (one of the largest codes takes seconds). */
const CHUNK_TIMEOUT_MS = 60_000;
/** The longest a scan may take from admission, waiting included (a 16 MP photo decodes and reads in about a second). */
const SCAN_TIMEOUT_MS = 30_000;

export type CodePool = RenderPool<Parameters<typeof renderCodeTask>[0], Awaited<ReturnType<typeof renderCodeTask>>>;

/**
 * The module's render pools, one per task module, all sized from the `renderPool` options and all
 * closed once, when the application shuts down (after the tasks they admitted). Each pool starts
 * its threads with its first task, so an application that never draws starts none.
 *
 * - `codes`: styled codes and their check (CodeRenderer), `workers` threads and `queueLimit`
 *   waiting; a single code is refused when it is full, an archive's code waits.
 * - `plainCodes`: a codes.zip's plain codes, a chunk a task, on the pool's workers and the cores
 *   they leave (`spareCores`): its threads run below the event loop's priority, so the event loop
 *   zips (and answers others) first and they draw on whatever it leaves.
 * - `sheetItems`: a sheet's planning and codes, on `workers` threads.
 * - `scans`: images scanned for codes (ScansService), on `workers` threads and `queueLimit`
 *   waiting; a request's scan is refused when it is full, a batch's scan waits for room.
 * - `codeHelpers()`: a styled archive's helpers on the spare cores, made for the archives that
 *   stream and closed by CodeRenderer when the last one ends.
 */
@Injectable()
export class RenderPools implements OnApplicationShutdown {
  readonly codes: CodePool;
  readonly plainCodes: RenderPool<Parameters<typeof plainCodesTask>[0], ReturnType<typeof plainCodesTask>>;
  readonly sheetItems: RenderPool<Parameters<typeof sheetItemsTask>[0], Awaited<ReturnType<typeof sheetItemsTask>>>;
  readonly scans: RenderPool<Parameters<typeof scanImageTask>[0], Awaited<ReturnType<typeof scanImageTask>>>;
  /** Cores the pool's workers leave to archives (available parallelism less the workers; none when they fill it). */
  readonly spareCores: number;
  private readonly helpers = new Set<CodePool>();
  private closed = false;

  constructor(@Inject(SERVICE_CONFIG) config: ServiceConfig) {
    const { workers, queueLimit } = config.renderPool;
    this.spareCores = Math.max(0, availableParallelism() - workers);
    this.codes = new RenderPool(RENDER_CODE_TASK, { workers, queueLimit, taskTimeoutMs: CODE_TIMEOUT_MS });
    this.plainCodes = new RenderPool(PLAIN_CODES_TASK, {
      workers: workers + this.spareCores,
      queueLimit,
      taskTimeoutMs: CHUNK_TIMEOUT_MS,
    });
    this.sheetItems = new RenderPool(SHEET_ITEMS_TASK, { workers, queueLimit, taskTimeoutMs: CHUNK_TIMEOUT_MS });
    this.scans = new RenderPool(SCAN_IMAGE_TASK, { workers, queueLimit, taskTimeoutMs: SCAN_TIMEOUT_MS });
  }

  /** A new pool of styled-code helpers on the spare cores (a code each); none after shutdown or with no spare core. */
  codeHelpers(): CodePool | undefined {
    if (this.closed || this.spareCores === 0) return undefined;
    const helpers: CodePool = new RenderPool(RENDER_CODE_TASK, {
      workers: this.spareCores,
      queueLimit: this.spareCores,
      taskTimeoutMs: CODE_TIMEOUT_MS,
    });
    this.helpers.add(helpers);
    return helpers;
  }

  /** Closes helpers codeHelpers() made: their admitted codes settle first; nothing waits for the threads to end. */
  endCodeHelpers(helpers: CodePool): void {
    this.helpers.delete(helpers);
    void helpers.close();
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    const pools = [this.codes, this.plainCodes, this.sheetItems, this.scans, ...this.helpers];
    await Promise.all(pools.map((pool) => pool.close()));
  }
}
