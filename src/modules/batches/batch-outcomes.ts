import { Injectable } from '@nestjs/common';
import { ApiError } from '../../core/errors/api-error';
import { buildErrorBody } from '../../core/errors/error-body';
import { ERROR_CODES, ErrorCode } from '../../core/errors/error-codes';
import type { PlainCodeOrder } from '../../infra/render-pool/plain-codes.task';
import type { BatchRecord, StoredItem } from '../../infra/store/batch-record';
import { BatchStore } from '../../infra/store/batch-store';
import { qrFileSlug } from '../../lib/qr';
import type { QrStyleJudgement } from '../../lib/qr/style/judge-qr-style';
import { cardFileName, minQrVersion, type QrLevel, utf8Length } from '../../lib/vcard';
import { plainCheckReport } from '../qrcodes/qr-check-report';
import type { QrImageOptions } from '../vcard/card-query';
import type { VCardResponseDto } from '../vcard/dto/vcard-response.dto';
import { fittingQrLevel, type QrImageType } from '../vcard/qr-image.service';
import { VCardService } from '../vcard/vcard.service';
import type { ZipFile } from './batch-codes-zip';
import { BatchFullProof } from './batch-full-proof';
import { BatchManifest } from './batch-manifest';
import { BatchPlainCodes } from './batch-plain-codes';
import { BatchStyledCodes } from './batch-styled-codes';

/** Cards written per read of the store while streaming cards.vcf. */
const VCF_PAGE = 500;
/** Contacts read from the store at a time while streaming codes.zip (two files each). */
const ZIP_PAGE = 100;
/** Plain codes drawn on a worker at a time: some 40 ms of a worker's time for typical cards. */
const PLAIN_CHUNK = 20;

export type BatchItem =
  | ({ index: number; status: 'succeeded'; result: VCardResponseDto } & ItemImport)
  | ({ index: number; status: 'failed'; error: ReturnType<typeof buildErrorBody>['error'] } & ItemImport)
  | { index: number; status: 'pending' };

type SucceededItem = Extract<StoredItem, { ok: true }>;

/** A successful contact of a codes.zip and the stem of its files' names. */
interface ZipContact {
  index: number;
  item: SucceededItem;
  stem: string;
}

/** A contact of a plain codes.zip with its payload, the payload's UTF-8 bytes and the level its code is drawn at. */
type PlainZipCode = ZipContact & PlainCodeOrder & { bytes: number };

/** A card of a vCard export carries its import report beside its outcome; an export's row, what was left out of it. */
type ItemImport = { import?: StoredItem['import']; leftOut?: StoredItem['leftOut']; file?: string };

export interface BatchItemsPage {
  data: BatchItem[];
  pagination: { limit: number; cursor: string; next_cursor: string | null; has_more: boolean };
}

/** Opaque items cursor: base64url of "<next index>.<batch id>", so a cursor is only good for its batch. */
export function encodeCursor(batchId: string, index: number): string {
  return Buffer.from(`${index}.${batchId}`).toString('base64url');
}

function decodeCursor(batchId: string, cursor: string, total: number): number | null {
  if (!/^[A-Za-z0-9_-]{1,120}$/.test(cursor)) return null;
  const match = /^(\d{1,6})\.(batch_[0-9A-Z]{26})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match || match[2] !== batchId) return null;
  const index = Number(match[1]);
  return index > 0 && index < total ? index : null;
}

/** A batch's outcomes: pages of items, the .vcf of every card, the files of codes.zip. */
@Injectable()
export class BatchOutcomes {
  constructor(
    private readonly store: BatchStore,
    private readonly vcards: VCardService,
    private readonly plain: BatchPlainCodes,
    private readonly styled: BatchStyledCodes,
  ) {}

  /** One page of outcomes in input order; `docsBase` is where the Error shapes' docsUrl points. */
  async items(
    batch: BatchRecord,
    limit: number,
    cursor: string | undefined,
    docsBase: string,
  ): Promise<BatchItemsPage> {
    let from = 0;
    if (cursor !== undefined && cursor !== '') {
      const decoded = decodeCursor(batch.id, cursor, batch.total);
      if (decoded === null)
        throw new ApiError('invalid_cursor', {
          hint: "Pass back a previous page's pagination.next_cursor unchanged, or omit cursor.",
        });
      from = decoded;
    }
    const to = Math.min(batch.total, from + limit);
    const stored = await this.store.items(batch.id, from, to);
    const data = stored.map((item, offset) => this.toItem(from + offset, item, docsBase));
    const hasMore = to < batch.total;
    return {
      data,
      pagination: {
        limit,
        cursor: cursor ?? '',
        next_cursor: hasMore ? encodeCursor(batch.id, to) : null,
        has_more: hasMore,
      },
    };
  }

  /** Every successful card, in input order, a page of the store at a time: never the whole file in memory. */
  async *vcf(batch: BatchRecord): AsyncGenerator<string> {
    for (let from = 0; from < batch.total; from += VCF_PAGE) {
      const items = await this.store.items(batch.id, from, Math.min(batch.total, from + VCF_PAGE));
      let chunk = '';
      for (const item of items) if (item?.ok) chunk += this.vcards.fromStored(item).vcard;
      if (chunk) yield chunk;
    }
  }

  /**
   * The files of codes.zip (docs/batches.md#qr-codes-as-a-zip): for each successful contact in
   * input order, its QR image then its card as a one-card .vcf, named `NNNNN-<slug>` with NNNNN
   * its index + 1 padded to the digits of the batch's total, and last manifest.csv. Read a page of
   * the store at a time and drawn a few chunks ahead of the archive, so memory does not grow with
   * the batch (but for the manifest's rows). Plain codes are drawn on the plain-code workers; with
   * a style (judged), each code is drawn and checked on the render pool, and one the decoders
   * cannot read gets no image, which the manifest says.
   */
  async *codes(
    batch: BatchRecord,
    type: QrImageType,
    options: QrImageOptions,
    style?: QrStyleJudgement,
  ): AsyncGenerator<ZipFile> {
    const manifest = new BatchManifest(style !== undefined);
    const store = type === 'png';
    if (style) {
      const fullProof = await BatchFullProof.of(this.payloads(batch));
      const contacts = this.zipContacts(batch);
      const payloadOf = ({ index, item }: ZipContact) => ({
        payload: item.qrPayload,
        fullProof: fullProof.next(index),
      });
      const drawn = this.styled.drawInOrder(contacts, payloadOf, style, type, { ...options, codes: batch.total });
      for await (const { item: contact, code } of drawn) {
        const { index, item, stem } = contact;
        const name = `${stem}.${type}`;
        const check = code.file ? 'passed' : 'unreadable';
        manifest.add({
          index,
          file: code.file ? name : '',
          version: code.version,
          level: code.level,
          check,
          warnings: code.warnings,
          proof: code.fullProof ? 'full' : '',
        });
        if (code.file) yield { name, data: code.file, store };
        yield this.vcfFile(stem, item);
      }
    } else {
      const { scale, margin } = options;
      const drawn = this.plain.drawInOrder(this.plainChunks(batch, options.qrLevel), { type, scale, margin });
      for await (const { chunk, files } of drawn)
        for (const [i, { index, item, stem, level, bytes }] of chunk.entries()) {
          const name = `${stem}.${type}`;
          const { warnings } = plainCheckReport(level, margin, bytes);
          manifest.add({ index, file: name, version: minQrVersion(bytes)[level], level, check: 'plain', warnings });
          yield { name, data: files[i], store };
          yield this.vcfFile(stem, item);
        }
    }
    yield manifest.file();
  }

  /** The batch's successful contacts in input order with their files' stem, a page of the store at a time. */
  private async *zipContacts(batch: BatchRecord): AsyncGenerator<ZipContact> {
    const digits = String(batch.total).length;
    for (let from = 0; from < batch.total; from += ZIP_PAGE) {
      const items = await this.store.items(batch.id, from, Math.min(batch.total, from + ZIP_PAGE));
      for (const [offset, item] of items.entries()) {
        if (!item?.ok) continue;
        const index = from + offset;
        const stem = `${String(index + 1).padStart(digits, '0')}-${qrFileSlug(cardFileName(item.card ?? item.qrPayload))}`;
        yield { index, item, stem };
      }
    }
  }

  /** The batch's successful payloads with their input index, a page of the store at a time. */
  private async *payloads(batch: BatchRecord): AsyncGenerator<{ index: number; payload: string }> {
    for (let from = 0; from < batch.total; from += ZIP_PAGE) {
      const items = await this.store.items(batch.id, from, Math.min(batch.total, from + ZIP_PAGE));
      for (const [offset, item] of items.entries())
        if (item?.ok) yield { index: from + offset, payload: item.qrPayload };
    }
  }

  /** The contacts in chunks of PLAIN_CHUNK, each with its level: `asked`, or the highest lower one that holds it. */
  private async *plainChunks(batch: BatchRecord, asked: QrLevel): AsyncGenerator<PlainZipCode[]> {
    let chunk: PlainZipCode[] = [];
    for await (const contact of this.zipContacts(batch)) {
      const payload = contact.item.qrPayload;
      const bytes = utf8Length(payload);
      chunk.push({ ...contact, payload, bytes, level: fittingQrLevel(bytes, asked) });
      if (chunk.length === PLAIN_CHUNK) {
        yield chunk;
        chunk = [];
      }
    }
    if (chunk.length > 0) yield chunk;
  }

  private vcfFile(stem: string, item: SucceededItem): ZipFile {
    return { name: `${stem}.vcf`, data: Buffer.from(this.vcards.fromStored(item).vcard, 'utf8'), store: true };
  }

  private toItem(index: number, item: StoredItem | null, docsBase: string): BatchItem {
    if (item === null) return { index, status: 'pending' };
    const kept =
      item.import !== undefined ? { import: item.import } : item.leftOut !== undefined ? { leftOut: item.leftOut } : {};
    // An image of a ZIP says which file it was.
    const report = item.file === undefined ? kept : { file: item.file, ...kept };
    if (item.ok) return { index, status: 'succeeded', result: this.vcards.fromStored(item), ...report };
    const code = (item.error.code in ERROR_CODES ? item.error.code : 'internal_error') as ErrorCode;
    return { index, status: 'failed', error: buildErrorBody(docsBase, code, item.error).error, ...report };
  }
}
