import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * What the module reads of a request on either adapter: Fastify's request and Express's request
 * both carry these (Express's is the Node IncomingMessage itself; Fastify's wraps it as `raw`).
 */
export interface HttpRequestLike {
  method: string;
  url: string;
  /** The URL before any rewriting (Fastify's rewriteUrl); Express keeps it too. */
  originalUrl?: string;
  headers: IncomingMessage['headers'];
  /** Client address, proxy trust applied by the host's adapter settings. */
  ip?: string;
  /** Host header (port included), proxy trust applied. */
  host?: string;
  body?: unknown;
  /** The parsed query string. */
  query?: unknown;
  raw?: IncomingMessage;
}

/** Node's IncomingMessage under either adapter's request object. */
export function nativeRequest(request: HttpRequestLike): IncomingMessage {
  return request.raw ?? (request as unknown as IncomingMessage);
}

/** Node's ServerResponse under either adapter's response object (Fastify: `reply.raw`). */
export function nativeResponse(response: object): ServerResponse {
  return (response as { raw?: ServerResponse }).raw ?? (response as ServerResponse);
}

/**
 * Hands the Node response to code that writes it itself (the MCP SDK): headers set so far through
 * the adapter (CORS, RateLimit-*) are copied onto it, and Fastify is told to stay out (hijack).
 * Express's response is the Node response, so there is nothing to copy.
 */
export function takeOverResponse(response: object): ServerResponse {
  const reply = response as { raw?: ServerResponse; getHeaders?: () => Record<string, unknown>; hijack?: () => void };
  if (!reply.raw || !reply.hijack || !reply.getHeaders) return response as ServerResponse;
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) reply.raw.setHeader(name, value as string);
  }
  reply.hijack();
  return reply.raw;
}

/**
 * What the module's controllers call on a response with `@Res({ passthrough: true })`: both
 * Fastify's reply and Express's response have `header()` and `status()` with these meanings.
 */
export interface HttpResponseLike {
  header(name: string, value: string): unknown;
  status(code: number): unknown;
}

/** The client's address as the host's adapter sees it (proxy trust applied), else the socket's peer. */
export function clientAddress(request: HttpRequestLike): string {
  return request.ip ?? nativeRequest(request).socket?.remoteAddress ?? 'unknown';
}

type WriteHead = (this: ServerResponse, status: number, ...rest: unknown[]) => ServerResponse;

/**
 * Keeps a client's `Connection: close` on a response whose writer forces `Connection: keep-alive`
 * (Nest's SSE stream does): Node would otherwise keep the connection open after the response.
 */
export function honourConnectionClose(request: HttpRequestLike, response: ServerResponse): void {
  if (!/(^|,)\s*close\s*(,|$)/i.test(String(nativeRequest(request).headers.connection ?? ''))) return;
  const writeHead = response.writeHead as unknown as WriteHead;
  (response as unknown as { writeHead: WriteHead }).writeHead = function (
    this: ServerResponse,
    status: number,
    ...rest: unknown[]
  ) {
    for (const part of rest) {
      if (typeof part !== 'object' || part === null || Array.isArray(part)) continue;
      for (const name of Object.keys(part))
        if (name.toLowerCase() === 'connection') (part as Record<string, unknown>)[name] = 'close';
    }
    return writeHead.call(this, status, ...rest);
  };
}
