import { Inject, Injectable } from '@nestjs/common';
import { ApiError } from '../../core/errors/api-error';
import type { HttpRequestLike } from '../../http/native-http';
import type { ContactFields } from '../../lib/contact';
import type { EncodeOptions } from '../../lib/vcard';
import {
  compileCardImport,
  readVCards,
  type CardImport,
  type ImportFailure,
  type ImportOutcome,
  type ReadEvent,
} from '../../lib/vcard/reader';
import { SERVICE_CONFIG, ServiceConfig } from '../../options/service-config';
import type { VCardResponseDto } from './dto/vcard-response.dto';
import { readVCardBody, vcardBodyContent } from './vcard-body';
import { VCardService } from './vcard.service';

/** The import of one card: the contact, as the contact rules cleaned it, and the report of what was left out. */
export type ImportReport = CardImport<ContactFields>;

/** A vCard body's one card, imported, and what an Idempotency-Key's fingerprint covers of the body. */
export interface ImportedBody {
  report: ImportReport;
  content: string;
}

const FAILURE_MESSAGES: Record<ImportFailure['issue'], (line: number) => string> = {
  no_begin: (line) => `Line ${line} is a property outside any card: BEGIN:VCARD is missing.`,
  no_end: (line) => `The card that begins at line ${line} has no END:VCARD.`,
  invalid_encoding: (line) => `The property at line ${line} holds bytes that are not text in the card's charset.`,
  line_too_long: (line) => `The property at line ${line} is longer than 1 MiB once unfolded.`,
  no_name: (line) => `The card that begins at line ${line} has no FN, N or ORG that the contact rules accept.`,
};

/** The 400 of a card that cannot be imported: its line and issue, never a value. */
export function invalidVCard(failure: ImportFailure): ApiError {
  return new ApiError('invalid_vcard', {
    message: FAILURE_MESSAGES[failure.issue](failure.line),
    details: { line: failure.line, issue: failure.issue },
  });
}

/**
 * The one card of a body: the first card (or card that cannot be read) is kept, the others only
 * counted, so a body of thousands of cards costs no more than one. A property outside any card is
 * no card; it counts only when the body holds nothing else.
 */
class OneCard {
  private first: ReadEvent | undefined;
  private stray: ReadEvent | undefined;
  count = 0;

  add(event: ReadEvent): void {
    if (event.kind === 'error' && event.issue === 'no_begin') {
      this.stray ??= event;
      return;
    }
    this.count += 1;
    this.first ??= event;
  }

  event(): ReadEvent {
    return (this.first ?? this.stray)!;
  }
}

/**
 * vCard import on every surface: a request's vCard body (POST /v1/vcard, POST /v1/jobs/vcard), the
 * MCP tool's `vcard` text, each card of an address-book export (batches). One path for all: the
 * reader, then the contact's declaration and rules (compileCardImport).
 */
@Injectable()
export class VCardImportService {
  private readonly importCard = compileCardImport<ContactFields>();

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
    private readonly vcards: VCardService,
  ) {}

  /** The one card of a request's vCard body (within `bodyLimits.vcard`); 400 unless it is one importable card. */
  async fromRequest(request: HttpRequestLike): Promise<ImportedBody> {
    const card = new OneCard();
    const hash = await readVCardBody(request, this.config.bodyLimits.vcard, (event) => card.add(event));
    return { report: this.one(card), content: vcardBodyContent(request, hash) };
  }

  /** The one card of a vCard text (the MCP tool's argument), read as UTF-8. */
  fromText(text: string): ImportReport {
    const card = new OneCard();
    readVCards(Buffer.from(text, 'utf8')).forEach((event) => card.add(event));
    return this.one(card);
  }

  /** One card of an export: imported, or why not (a batch's item fails alone). */
  importEach(event: ReadEvent): ImportOutcome<ContactFields> {
    return this.importCard(event);
  }

  /**
   * The answer to an imported card: exactly what its contact sent as JSON gets, plus `import`
   * (POST /v1/vcard's JSON answer, a job's result, import_vcard's result).
   */
  create(report: ImportReport, template: string | undefined, options: EncodeOptions): VCardResponseDto {
    return { ...this.vcards.create(report.contact, template, options), import: report };
  }

  private one(card: OneCard): ImportReport {
    if (card.count > 1)
      throw new ApiError('too_many_contacts', {
        message: `The body holds ${card.count} vCards; this route takes one.`,
        details: { cards: card.count },
      });
    const outcome = this.importCard(card.event());
    if (!outcome.ok) throw invalidVCard(outcome.failure);
    return outcome.card;
  }
}
