import { declareQuery } from '../../../core/validation/query-declaration';

export const STREAM_OPERATIONS = ['create_vcard_payload', 'get_product_context'] as const;
export type StreamOperation = (typeof STREAM_OPERATIONS)[number];

/** GET /v1/stream's parameters, checked. */
export interface StreamQuery {
  operation?: StreamOperation;
  jobId?: string;
  batchId?: string;
  intervalMs?: number;
}

export const STREAM_QUERY = declareQuery<StreamQuery>({
  operation: {
    kind: 'choice',
    values: STREAM_OPERATIONS,
    default: 'create_vcard_payload',
    description: 'Echoed in every event.',
  },
  jobId: {
    kind: 'text',
    max: 64,
    verbatim: true,
    description:
      'Stream this job instead (its `complete` event carries jobId and the Job). Only with operation create_vcard_payload. Unknown or expired: 404 job_not_found before any event.',
    example: 'job_01KAJ4Y9X3M7Q2R8T5V6W0Z1AB',
  },
  batchId: {
    kind: 'text',
    max: 64,
    verbatim: true,
    description:
      'Follow this batch instead: a `progress` event whenever more of its contacts are processed (percent = processed / total), at most four a second, then `complete` with the final counts. Unknown or expired: 404 batch_not_found before any event.',
    example: 'batch_01KAJ4Y9X3M7Q2R8T5V6W0Z1AB',
  },
  intervalMs: {
    kind: 'integer',
    minimum: 0,
    maximum: 2000,
    default: 0,
    description:
      'Pause between events in milliseconds, for clients that want to watch the steps arrive (0: as fast as possible).',
  },
});
