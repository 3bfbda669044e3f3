import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import type { BatchRecord } from '../../infra/store/batch-record';
import { BatchStore } from '../../infra/store/batch-store';
import { unpackJson } from '../../infra/render-pool/moved-result';
import { RenderPools } from '../../infra/render-pool/render-pools';
import type {
  PackedSheetPlans,
  SheetItemsResult,
  SheetItemsTask,
  SheetPlanCounts,
} from '../../infra/render-pool/sheet-items.task';
import { writeSheetOnThread, type SheetGroup } from '../../infra/render-pool/sheet-writer-thread';
import type { SheetFit, SheetLayoutName, SheetOptions, SheetSummary } from '../../lib/print';
import { sheetLevel, type SheetPlan, type SheetSource } from '../../lib/print/sheet-entry-plan';
import type { ResolvedQrStyle } from '../../lib/qr/style/qr-style';
import type { QrLevel } from '../../lib/vcard';
import { isPlainStyle, judgeStyle } from '../qrcodes/qr-style-checks';
import { aheadInOrder } from './ahead-in-order';
import { BatchFullProof } from './batch-full-proof';

/** A sheet fitted before its first byte: every contact's plan, and the report's counts. */
export interface PlannedSheet {
  batch: BatchRecord;
  layout: SheetLayoutName;
  /** Every contact's plan in input order, packed a worker's chunk at a time (unpacked as its pages are written). */
  plans: PackedSheetPlans[];
  counts: SheetPlanCounts;
  /** The level the codes are fitted and drawn at: the batch's, or its style's (H with a logo). */
  level: QrLevel;
  /** The batch's style, judged; absent for a plain batch. */
  style?: ResolvedQrStyle;
  /** The input index of the printed entry with the longest payload (-1 with none): its code carries the full proof. */
  longest: number;
}

/** Quiet zone of a sheet's codes, in modules: the standard one, which the code box includes. */
export const SHEET_MARGIN = 4;
/** Contacts read from the store, and planned on a worker, at a time. */
const PLAN_CHUNK = 250;
/** Codes drawn on a worker at a time while the sheet streams: a page of cards. */
const DRAW_CHUNK = 10;
/** Plan chunks of one sheet on the workers at once. */
const IN_FLIGHT = 4;

/**
 * Print sheets of batches: contacts fitted to a layout's code box (before the first byte, so the
 * counts can go in a header) and their codes drawn as the sheet streams, both on worker threads
 * of the module's sheet pool (RenderPools); the PDF is written on a thread of its own, so the event loop only
 * moves its bytes.
 */
@Injectable()
export class BatchSheets implements OnApplicationShutdown {
  private closed = false;
  /** Sheets being written, each settled (either way) once its writer thread has ended. */
  private readonly running = new Map<AbortController, Promise<void>>();

  constructor(
    private readonly store: BatchStore,
    private readonly pools: RenderPools,
  ) {}

  /** Every successful contact of the batch fitted to the layout, in input order. */
  async plan(batch: BatchRecord, layout: SheetLayoutName, fit: SheetFit): Promise<PlannedSheet> {
    const styled = await this.store.style(batch.id);
    // Judged as codes.zip judges it: a logo raises the level to H unless the batch asked for one.
    const judged =
      styled && !isPlainStyle(styled)
        ? judgeStyle(styled, { qrLevel: batch.options?.level, margin: SHEET_MARGIN })
        : undefined;
    const level = judged?.level ?? sheetLevel(batch.options ?? {});
    const encode = judged ? { ...batch.options, level } : (batch.options ?? {});
    const options = { layout, encode, margin: SHEET_MARGIN, fit };
    const chunks = aheadInOrder(this.sourceChunks(batch), IN_FLIGHT, (sources) =>
      this.run({ kind: 'plan', sources, options }),
    );
    const plans: PackedSheetPlans[] = [];
    const counts: SheetPlanCounts = { fitted: 0, missing: 0, textless: 0, asIs: 0, trimmed: 0, mecard: 0 };
    let longest = { index: -1, bytes: -1 };
    for await (const chunk of chunks) {
      const packed = chunk as PackedSheetPlans;
      plans.push(packed);
      if (packed.longest && packed.longest.bytes > longest.bytes) longest = packed.longest;
      for (const count of Object.keys(counts) as (keyof SheetPlanCounts)[]) counts[count] += packed.counts[count];
    }
    const style = judged?.style ? { style: judged.style } : {};
    return { batch, layout, plans, counts, level, ...style, longest: longest.index };
  }

  /**
   * Writes the sheet PDF to `output` on a writer thread of its own, its codes drawn on the sheet pool a
   * few pages ahead and handed to the writer directly; the event loop only moves bytes. Rejects, with
   * `output` destroyed, when it closes early, a thread fails, or the application shuts down.
   */
  async write(
    sheet: PlannedSheet,
    output: NodeJS.WritableStream & { destroy(error?: Error): void },
    options: SheetOptions,
  ): Promise<SheetSummary> {
    if (this.closed) throw new Error('the application is shutting down');
    const running = new AbortController();
    const written = writeSheetOnThread(sheet.layout, this.groups(sheet), output, {
      ...options,
      signal: running.signal,
    });
    const settled = written.then(
      () => undefined,
      () => undefined,
    );
    this.running.set(running, settled);
    try {
      return await written;
    } finally {
      this.running.delete(running);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    // A running sheet is ended, not waited for: a large one takes longer than a shutdown may.
    for (const sheet of this.running.keys()) sheet.abort();
    await Promise.all(this.running.values());
  }

  /** The sheet's entries a page at a time, each page's codes started on the sheet pool as it is read. */
  private async *groups(sheet: PlannedSheet): AsyncGenerator<SheetGroup> {
    const { level, style } = sheet;
    const fullProof = new BatchFullProof(sheet.longest);
    for (const group of inGroups(unpacked(sheet.plans), DRAW_CHUNK)) {
      const printed = group.flatMap((plan) => ('missing' in plan ? [] : [plan]));
      const payloads = printed.map((plan) => plan.payload);
      const proven = style ? printed.flatMap((plan, at) => (fullProof.next(plan.index) ? [at] : [])) : [];
      const { port1, port2 } = new MessageChannel();
      yield {
        entries: group.map((plan) => {
          if ('missing' in plan) return plan;
          const { index, lines, omitted, fit } = plan;
          return { index, lines, omitted, ...(fit ? { fit } : {}) };
        }),
        scenes: port1,
        drawn: this.draw(
          { kind: 'draw', payloads, level, margin: SHEET_MARGIN, ...(style ? { style, fullProof: proven } : {}) },
          port2,
        ),
      };
    }
  }

  /** Draws `payloads` on the sheet pool, which posts the codes to `scenes`; none to draw posts none. */
  private async draw(task: Omit<Extract<SheetItemsTask, { kind: 'draw' }>, 'scenes'>, scenes: MessagePort) {
    if (task.payloads.length > 0) return this.run({ ...task, scenes }, [scenes]);
    scenes.postMessage([]);
    scenes.close();
  }

  /** The batch's successful contacts as the plan reads them, a page of the store at a time. */
  private async *sourceChunks(batch: BatchRecord): AsyncGenerator<SheetSource[]> {
    for (let from = 0; from < batch.total; from += PLAN_CHUNK) {
      const items = await this.store.items(batch.id, from, Math.min(batch.total, from + PLAN_CHUNK));
      const sources: SheetSource[] = [];
      for (const [offset, item] of items.entries()) {
        if (!item?.ok) continue;
        sources.push({
          index: from + offset,
          card: item.card ?? item.qrPayload,
          qrPayload: item.qrPayload,
          ...(item.omitted ? { omitted: item.omitted } : {}),
        });
      }
      if (sources.length > 0) yield sources;
    }
  }

  /** Runs a task on the sheet pool, waiting while it is full (other sheets' chunks). */
  private run(task: SheetItemsTask, transfer: MessagePort[] = []): Promise<SheetItemsResult> {
    return this.pools.sheetItems.run(task, transfer, 'wait');
  }
}

/** The plans of packed chunks, in order, a chunk unpacked only once the plans before it are taken. */
function* unpacked(chunks: readonly PackedSheetPlans[]): Generator<SheetPlan> {
  for (const chunk of chunks) yield* unpackJson<SheetPlan[]>(chunk.data);
}

/** `items` in arrays of `size`, in order, the last one shorter when they run out. */
function* inGroups<Item>(items: Iterable<Item>, size: number): Generator<Item[]> {
  let group: Item[] = [];
  for (const item of items) {
    group.push(item);
    if (group.length === size) {
      yield group;
      group = [];
    }
  }
  if (group.length > 0) yield group;
}
