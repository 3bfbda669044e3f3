import { Injectable } from '@nestjs/common';
import { CodeRenderer, type ArchiveRenderer } from '../../infra/render-pool/code-renderer';
import type { QrStyleJudgement } from '../../lib/qr/style/judge-qr-style';
import { logoFitIssue } from '../../lib/qr/style/qr-logo-fit';
import { minQrVersion, utf8Length, type QrLevel } from '../../lib/vcard';
import type { QrImageOptions } from '../vcard/card-query';
import type { QrImageType } from '../vcard/qr-image.service';
import { styledCheckReport } from '../qrcodes/qr-check-report';
import { aheadInOrder } from './ahead-in-order';

/** A styled code of a batch: the file when both decoders read it back, else none (`unreadable`). */
export interface BatchStyledCode {
  file: Buffer | null;
  version: number | null;
  level: QrLevel;
  warnings: readonly string[];
  /** Whether it was given the whole proof set (docs/batches.md#a-styled-codeszip), not only its file read back. */
  fullProof: boolean;
}

/**
 * Draws and checks the codes of a styled codes.zip on the render pool and its archive helpers, as
 * many at once as they have workers, handed back in order. An archive cannot refuse a contact once
 * it has begun, so a full pool is waited for (the archive's next file is simply later), and a code the decoders
 * cannot read (from its file, or, for the codes that carry it, from the whole proof set), or whose
 * logo its level cannot recover, is left out and listed as unreadable.
 */
@Injectable()
export class BatchStyledCodes {
  constructor(private readonly renderer: CodeRenderer) {}

  /**
   * Each payload's code, in the order given, one a worker drawn ahead of the caller (who writes the
   * earlier ones meanwhile): an archive of about `codes` codes keeps every worker it may use busy
   * (the pool's, and the archive helpers of CodeRenderer), and holds at most that many codes. A
   * code that fails rejects in turn.
   */
  async *drawInOrder<Item>(
    items: AsyncIterable<Item>,
    payloadOf: (item: Item) => { payload: string; fullProof: boolean },
    judged: QrStyleJudgement,
    type: QrImageType,
    options: QrImageOptions & { codes: number },
  ): AsyncGenerator<{ item: Item; code: BatchStyledCode }> {
    const renderer = this.renderer.archive(options.codes);
    try {
      yield* aheadInOrder(items, renderer.workers, async (item) => ({
        item,
        code: await this.draw(payloadOf(item), judged, type, options, renderer.render),
      }));
    } finally {
      renderer.release();
    }
  }

  private async draw(
    { payload, fullProof }: { payload: string; fullProof: boolean },
    judged: QrStyleJudgement,
    type: QrImageType,
    { scale, margin }: QrImageOptions,
    render: ArchiveRenderer['render'],
  ): Promise<BatchStyledCode> {
    const { level } = judged;
    const style = judged.style!;
    const bytes = utf8Length(payload);
    const version = minQrVersion(bytes)[level];
    const unreadable = { file: null, version, level, warnings: [], fullProof };
    if (version === null || (style.logo && logoFitIssue(version, level, style.logo.size))) return unreadable;
    const drawn = await render({ payload, level, style, margin, scale, type, ...(fullProof ? { proof: 'full' } : {}) });
    if ('refused' in drawn || !drawn.check.zbar || !drawn.check.zxing) return unreadable;
    const report = styledCheckReport(judged, { level, logoShare: drawn.logoShare }, margin, bytes);
    return { file: Buffer.from(drawn.file), version: drawn.version, level, warnings: report.warnings, fullProof };
  }
}
