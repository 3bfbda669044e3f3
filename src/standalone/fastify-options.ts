import type { FastifyAdapter } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import type { AppConfig } from '../config/app-config';
import { buildErrorBody } from '../core/errors/error-body';
import type { ErrorCode } from '../core/errors/error-codes';

type AdapterOptions = NonNullable<ConstructorParameters<typeof FastifyAdapter>[0]>;

/** `/api/v1/x` and `/api/mcp` are served by the `/v1/x` and `/mcp` routes: one registration each. */
export function rewriteApiAlias(url: string): string {
  return url.startsWith('/api/v1/') || url.startsWith('/api/mcp') || url === '/api/v1' ? url.slice(4) : url;
}

/** Longer than any request line Node accepts (16 KiB of headers), so no parameter is cut short. */
const MAX_PARAM_LENGTH = 16 * 1024;

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

function rawErrorResponse(config: AppConfig, code: ErrorCode, status: number): string {
  const body = JSON.stringify(buildErrorBody(config.publicBaseUrl, code));
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Access-Control-Allow-Origin: *',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * Fastify server options. Besides limits and proxy trust, these cover the two error paths that
 * never reach Nest's exception filter: router errors (bad percent-encoding) and Node's HTTP-parser
 * errors (malformed request line or headers). Both still answer with the contract's Error shape
 * and CORS header.
 */
export function fastifyOptions(config: AppConfig): AdapterOptions {
  return {
    bodyLimit: config.bodyLimitBytes,
    // The whole request (headers and body) within REQUEST_TIMEOUT_MS, checked every second; an
    // idle keep-alive connection closes after KEEP_ALIVE_TIMEOUT_MS. Shutdown closes connections
    // itself (graceful-shutdown.ts): requests arriving while it drains are answered, not 503.
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    http: { headersTimeout: config.requestTimeoutMs, connectionsCheckingInterval: 1000 },
    forceCloseConnections: false,
    return503OnClosing: false,
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    rewriteUrl: (req) => rewriteApiAlias(req.url ?? '/'),
    // find-my-way's default (100 characters) sends a longer path parameter to frameworkErrors as
    // a malformed URL. Any parameter that fits in the request line (Node caps headers at 16 KiB)
    // reaches its route instead, which answers as for any unknown id (job_not_found, ...).
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    frameworkErrors: (_error, _request, routerReply) => {
      // Runs before any hook, so the CORS header must be added by hand.
      const reply = routerReply as unknown as FastifyReply;
      void reply
        .code(400)
        .header('Access-Control-Allow-Origin', '*')
        .type('application/json; charset=utf-8')
        .send(buildErrorBody(config.publicBaseUrl, 'invalid_url'));
    },
    clientErrorHandler: (error: NodeJS.ErrnoException, socket: Socket) => {
      if (!socket.writable || error.code === 'ECONNRESET') {
        socket.destroy();
        return;
      }
      if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
        // A connection that never sent a byte is closed silently; one that started a request
        // and did not finish it in time gets a 408.
        if (socket.bytesRead === 0) socket.destroy();
        else socket.end(rawErrorResponse(config, 'request_timeout', 408));
        return;
      }
      socket.end(rawErrorResponse(config, 'bad_request', 400));
    },
  };
}
