import type { ServerResponse } from 'node:http';
import { buildErrorBody } from '../../core/errors/error-body';
import type { ErrorCode } from '../../core/errors/error-codes';

/** JSON-RPC 2.0's "Invalid Request": the body is JSON but not one request the server takes. */
const INVALID_REQUEST = -32600;

/**
 * Answers a POST the MCP layer must not run as a JSON-RPC error, as MCP clients expect, in the
 * service's words: the message is the registry's, `data` the whole Error JSON (hint, docsUrl).
 * `id` is null because no single request is being answered.
 */
export function refuseJsonRpc(response: ServerResponse, publicBaseUrl: string, code: ErrorCode): void {
  const data = buildErrorBody(publicBaseUrl, code);
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: null,
    error: { code: INVALID_REQUEST, message: data.error.message, data },
  });
  response.writeHead(data.error.status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
  });
  response.end(body);
}
