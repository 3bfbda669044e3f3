import type { CodeReport, ScannedCode } from '../../lib/scan';
import type { ImportReport } from '../vcard/vcard-import.service';

/** Why a code holding a vCard or MECARD could not be imported: the Error shape's code, message and details. */
export interface ScanImportError {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

/** One code of a scan's answer (docs/scans.md). */
export interface ScanAnswerCode extends Omit<ScannedCode, 'report'> {
  /** A vCard or MECARD imported as POST /v1/vcard imports a text/vcard body: the contact and what was left out. */
  import?: ImportReport;
  /** Present instead of `import` when the card could not be imported. */
  importError?: ScanImportError;
  report: CodeReport;
}

/** What POST /v1/scans answers, and ScansService.scan() gives every caller (REST, MCP, batches). */
export interface ScanAnswer {
  image: { width: number; height: number; mediaType: string };
  codes: ScanAnswerCode[];
}
