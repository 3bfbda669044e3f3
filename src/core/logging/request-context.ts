import { AsyncLocalStorage } from 'node:async_hooks';

/** What a log line written while a request is handled says about that request. */
export interface RequestContext {
  requestId: string;
}

/**
 * The request a piece of code runs for, across its awaits, so that every log line a request
 * causes carries its id (the standalone service enters it for each request).
 */
export const requestContext = new AsyncLocalStorage<RequestContext>();
