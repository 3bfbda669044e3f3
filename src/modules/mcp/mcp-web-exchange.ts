import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { type HttpRequestLike, nativeRequest } from '../../http/native-http';

/*
 * The web exchange the SDK's handlers take and give (a `Request` in, a `Response` out), on the
 * host's request and Node's response: the bridge McpHttpTransport uses for both protocol eras.
 */

/** Hop-by-hop and body-framing headers: the web Request carries no body (the host has parsed it). */
const NOT_FORWARDED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'upgrade', 'expect']);

/**
 * The web `Request` the SDK's handlers take, from the host's request: its method, URL and headers,
 * no body (the host read and size-limited it; the parsed body is handed over beside it), aborted
 * when the client goes away.
 */
export function webRequest(request: HttpRequestLike, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(nativeRequest(request).headers)) {
    if (value === undefined || NOT_FORWARDED.has(name)) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const url = new URL(request.originalUrl ?? request.url, 'http://localhost');
  return new Request(url, { method: request.method, headers, signal });
}

/** Writes the SDK's web `Response` to Node's response: a JSON body at once, an event stream as it comes. */
export async function writeAnswer(answer: Response, response: ServerResponse): Promise<void> {
  response.statusCode = answer.status;
  answer.headers.forEach((value, name) => response.setHeader(name, value));
  if (answer.body === null) {
    response.end();
    return;
  }
  if (!(answer.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    response.end(Buffer.from(await answer.arrayBuffer()));
    return;
  }
  await pipeline(Readable.fromWeb(answer.body as NodeReadableStream), response).catch(() => undefined);
}
