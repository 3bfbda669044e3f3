import type { MessageEvent } from '@nestjs/common';
import type { JobDto } from '../jobs/dto/job.dto';
import type { StreamOperation } from './dto/stream.query';

/** Milliseconds a client should wait before reconnecting; sent in the first frame. */
export const RECONNECT_DELAY_MS = 3000;

/** The progress steps, in order, with their percentages. */
export const PROGRESS_STEPS = [
  { step: 'accepted', percent: 10 },
  { step: 'validated', percent: 45 },
  { step: 'encoded', percent: 80 },
] as const;

type Step = (typeof PROGRESS_STEPS)[number]['step'];

const MESSAGES: Record<StreamOperation, Record<Step | 'complete', string>> = {
  create_vcard_payload: {
    accepted: 'Request accepted.',
    validated: 'Contact fields validated.',
    encoded: 'vCard payload encoded.',
    complete: 'vCard payload ready.',
  },
  get_product_context: {
    accepted: 'Request accepted.',
    validated: 'Request validated.',
    encoded: 'Product context serialised.',
    complete: 'Product context ready.',
  },
};

/**
 * Every event of one stream, in order, with ids "1" to "4": three `progress` events, then
 * `complete`. For a job, `complete` also carries the jobId and the Job. The ids let a client that
 * reconnects (Last-Event-ID) resume where it stopped.
 */
export function streamEvents(operation: StreamOperation, job?: JobDto): MessageEvent[] {
  const messages = MESSAGES[operation];
  const progress = PROGRESS_STEPS.map(({ step, percent }) => ({
    type: 'progress',
    data: { operation, step, percent, message: messages[step] },
  }));
  const complete = {
    type: 'complete',
    data: job
      ? { operation, percent: 100, message: `Job ${job.status}.`, jobId: job.id, job }
      : { operation, percent: 100, message: messages.complete },
  };
  return [...progress, complete].map((event, index) => ({ ...event, id: String(index + 1) }));
}

/** The last frame of a stream cut short by shutdown. Its id repeats the last one delivered. */
export function shutdownEvent(operation: StreamOperation, lastId: string): MessageEvent {
  return {
    type: 'shutdown',
    id: lastId,
    retry: RECONNECT_DELAY_MS,
    data: {
      operation,
      message: 'The server is shutting down. Reconnect later to resume after the last event received.',
    },
  };
}
