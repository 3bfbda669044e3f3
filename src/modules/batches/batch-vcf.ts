import type { HttpRequestLike } from '../../http/native-http';
import { readVCards, type CardImport, type ImportFailure, type ReadEvent } from '../../lib/vcard/reader';
import { readVCardBody } from '../vcard/vcard-body';
import { invalidVCard, type VCardImportService } from '../vcard/vcard-import.service';
import { batchSizeError } from './batch-size';

/** One card of an address-book export as a batch stores it until processed: its import, or why there is none. */
export type StoredVcfCard = { import: CardImport<object> } | { failure: ImportFailure };

/**
 * The cards of an address-book export, in file order, each imported as it is read and kept as JSON
 * text (StoredVcfCard). A card that cannot be imported is an item that will fail alone, and so is
 * a property outside any card (a card whose BEGIN was lost); an export without any card is 400
 * `invalid_vcard`, and one of more than `maxContacts` cards is refused as soon as it has more.
 */
class VcfContacts {
  readonly contacts: string[] = [];
  private cards = 0;
  private first: ReadEvent | undefined;

  constructor(
    private readonly maxContacts: number,
    private readonly imports: VCardImportService,
  ) {}

  add(event: ReadEvent): void {
    this.first ??= event;
    if (!(event.kind === 'error' && event.issue === 'no_begin')) this.cards += 1;
    if (this.contacts.length >= this.maxContacts) throw batchSizeError(this.maxContacts);
    const outcome = this.imports.importEach(event);
    const stored: StoredVcfCard = outcome.ok ? { import: outcome.card } : { failure: outcome.failure };
    this.contacts.push(JSON.stringify(stored));
  }

  result(): string[] {
    if (this.cards > 0) return this.contacts;
    const first = this.first;
    throw invalidVCard(
      first?.kind === 'error' ? { line: first.line, issue: first.issue } : { line: 1, issue: 'no_begin' },
    );
  }
}

/**
 * The cards of an address-book export posted as a batch (POST /v1/batches with a vCard body, up to
 * `limitBytes`), imported as the body arrives: the file and its photos are never held whole.
 */
export async function readVcfContacts(
  request: HttpRequestLike,
  limitBytes: number,
  maxContacts: number,
  imports: VCardImportService,
): Promise<string[]> {
  const contacts = new VcfContacts(maxContacts, imports);
  await readVCardBody(request, limitBytes, (event) => contacts.add(event));
  return contacts.result();
}

/** The cards of vCard text (the batch tool's `vcard` argument, bounded by the MCP request's body limit). */
export function vcfTextContacts(text: string, maxContacts: number, imports: VCardImportService): string[] {
  const contacts = new VcfContacts(maxContacts, imports);
  for (const event of readVCards(Buffer.from(text, 'utf8'))) contacts.add(event);
  return contacts.result();
}
