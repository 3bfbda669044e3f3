import type { QrLevel } from '../../lib/vcard';
import type { ZipFile } from './batch-codes-zip';
import { csvCell } from './csv-cell';

/** One contact's line of manifest.csv: its image (none when unreadable), how it was drawn and checked. */
export interface ManifestRow {
  index: number;
  file: string;
  version: number | null;
  level: QrLevel;
  check: 'passed' | 'unreadable' | 'plain';
  warnings: readonly string[];
  /** A styled archive's: `full` when the code was given the whole proof set, else empty. */
  proof?: 'full' | '';
}

/**
 * manifest.csv, the last file of every codes.zip: one row per contact whose card succeeded,
 * `index,file,version,level,check,warnings` (index 0-based as in /items; warnings joined by `|`),
 * and in a styled archive a last column, `proof` (`full` for the codes given the whole proof set).
 * About 40 bytes a row, so a batch of 100,000 keeps some 4 MB until the archive ends.
 */
export class BatchManifest {
  private readonly lines: string[];

  constructor(private readonly styled = false) {
    this.lines = [styled ? 'index,file,version,level,check,warnings,proof' : 'index,file,version,level,check,warnings'];
  }

  add({ index, file, version, level, check, warnings, proof = '' }: ManifestRow): void {
    const row = [String(index), csvCell(file), String(version ?? ''), level, check, warnings.join('|')];
    this.lines.push((this.styled ? [...row, proof] : row).join(','));
  }

  file(): ZipFile {
    return { name: 'manifest.csv', data: Buffer.from(`${this.lines.join('\r\n')}\r\n`, 'utf8'), store: false };
  }
}
