import { clientAddress, type HttpRequestLike } from '../../http/native-http';

/**
 * Who creates a batch, as the limits see it: the address its unfinished batches count against,
 * the key of its rate budget, and where the budget's RateLimit headers go when the batch is charged.
 */
export interface BatchClient {
  address: string;
  rateKey: string | undefined;
  setHeader: (name: string, value: string) => void;
}

/** The client of a request (REST or MCP): its address, its rate key, the response's header setter. */
export function batchClient(request: HttpRequestLike, setHeader: (name: string, value: string) => void): BatchClient {
  return { address: clientAddress(request), rateKey: request.ip, setHeader };
}
