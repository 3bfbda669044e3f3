import { batchExamplesOf, type BatchExamples } from './batch-examples';
import { csvColumnsOf } from './contact-csv-columns';
import { CONTACT_SCHEMA } from './contact-schema';
import { csvColumnForms } from './csv-column-forms';
import { csvHintColumnsOf } from './csv-hint-columns';

// How contacts arrive in a batch, as the fields declare it: CSV columns, the words of the CSV
// errors, and the examples of POST /v1/batches.

/** The CSV column a header names (docs/contact.md#csv-columns); null for an unknown column. */
export const contactCsvColumn = csvColumnsOf(CONTACT_SCHEMA);

/** The forms of the CSV columns, one line per kind (what the error naming an unknown column lists). */
export const CONTACT_CSV_COLUMN_FORMS: readonly string[] = Object.freeze(csvColumnForms(CONTACT_SCHEMA));

/** The sample header of the invalid_csv hint ("fullName, organization, ..., categories"), as the fields place it. */
export const CONTACT_CSV_HINT_COLUMNS: string = csvHintColumnsOf(CONTACT_SCHEMA);

/** The request examples of POST /v1/batches (JSON contacts, CSV rows, header first), as the fields give them. */
export const CONTACT_BATCH_EXAMPLES: BatchExamples = batchExamplesOf(CONTACT_SCHEMA);
