import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IMPORT_FIXTURES } from './csv-export';

/** The .vcf files of the import corpus (real client exports, test/fixtures/import/SOURCES.md). */
export const CORPUS_VCF_FILES: readonly string[] = readdirSync(IMPORT_FIXTURES)
  .filter((name) => name.endsWith('.vcf'))
  .sort();

/** The CSV exports of the corpus (test/fixtures/import/CSV-SOURCES.md). */
export const CORPUS_CSV_FILES: readonly string[] = readdirSync(IMPORT_FIXTURES)
  .filter((name) => name.endsWith('.csv'))
  .sort();

/** A corpus file's bytes. */
export const corpusFile = (file: string): Buffer => readFileSync(join(IMPORT_FIXTURES, file));

/** The contact each .vcf's client meant, as SOURCES.md states it: one JSON block under each `## <file>` heading. */
export function statedContacts(): Map<string, unknown> {
  const sources = readFileSync(join(IMPORT_FIXTURES, 'SOURCES.md'), 'utf8');
  const stated = new Map<string, unknown>();
  for (const section of sources.split(/^## /m).slice(1)) {
    const file = section.slice(0, section.indexOf('\n')).trim();
    const block = /```json\n([\s\S]*?)\n```/.exec(section);
    if (file.endsWith('.vcf') && block !== null) stated.set(file, JSON.parse(block[1]));
  }
  return stated;
}
