import PDFDocument from 'pdfkit';

/** What every PDF of the service says about itself; nothing varies with the time or the machine. */
const PRODUCER = 'vcard-payload-service';
// PDFKit derives the file's /ID from its info dictionary, creation date included, when the document
// is created: a fixed date gives a fixed ID. PDFKit needs the date to exist until the end, so it stays
// on the info object but hidden from the loop that writes the info dictionary.
const FIXED_DATE = new Date(0);

/**
 * A PDFKit document that writes the same bytes for the same drawing: no creation or modification
 * date, an /ID that depends on nothing, and no default font loaded. Pages are added by the caller,
 * sized in points. PDFKit's per-word layout cache stays on (without it a sheet's text costs 2.5
 * times the CPU, bench/README.md); a long document bounds it with renewWordCaches().
 */
export function deterministicPdf(title: string): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    autoFirstPage: false,
    compress: true,
    pdfVersion: '1.4',
    font: null as unknown as string,
    info: { Title: title, Producer: PRODUCER, Creator: PRODUCER, CreationDate: FIXED_DATE },
  });
  Object.defineProperty(doc.info, 'CreationDate', { enumerable: false });
  // PDFKit's XMP packet repeats the creation date and has no option to leave it out; its other
  // facts (title, producer) are in the info dictionary already, so the packet is left empty.
  (doc as unknown as { _addInfo(): void })._addInfo = () => undefined;
  return doc;
}

/** A font as PDFKit embeds it: its word cache, absent for the standard fonts. */
type LaidOutFont = { layoutCache?: Record<string, unknown> };

/**
 * Empties the document's word caches (one per embedded font: each word's shaped glyphs, kept for
 * the whole document) every `pages` pages. A sheet of distinct contacts adds a few words an item
 * that never come again, and a cache kept whole held 31,600 of them by the end of 10,000 rich
 * contacts, about 30 MB; renewed, it holds the words of the last few pages, and the few that recur
 * (the common names, the report's words) are shaped again once each time. A word is laid out the
 * same whether it comes from the cache or not, so the bytes do not change.
 */
export function renewWordCaches(doc: PDFKit.PDFDocument, pages: number): void {
  let added = 0;
  doc.on('pageAdded', () => {
    added++;
    if (added % pages !== 0) return;
    const fonts = (doc as unknown as { _fontFamilies: Record<string, LaidOutFont> })._fontFamilies;
    for (const font of Object.values(fonts)) if (font.layoutCache) font.layoutCache = Object.create(null);
  });
}

/** The whole document as one buffer, once it has ended (PDFKit may finish images asynchronously). */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
