import { Injectable } from '@nestjs/common';
import type { McpHttpHandler, Server } from '@modelcontextprotocol/server';
import type { ServerResponse } from 'node:http';
import type { McpCallContext } from './mcp-call-context';
import { sendsProgress } from './mcp-progress';
import { mcpSdk } from './mcp-sdk';
import { McpServerFactory } from './mcp-server.factory';
import { webRequest, writeAnswer } from './mcp-web-exchange';

/**
 * MCP's Streamable HTTP on the host's request and response, for both protocol eras, from one server
 * factory (McpServerFactory): a 2026-07-28 request (its `_meta` names its protocol version) goes to
 * the SDK's modern handler, which checks the version (-32022), the MCP-Protocol-Version, Mcp-Method
 * and Mcp-Name headers against the body (-32020) and answers with `resultType` and the lists'
 * cache fields; anything else (`initialize` and the 2025-era requests after it) to a stateless
 * 2025-era transport answering JSON, as the service did before the revision, and an SSE stream
 * only for a message that sends progress before its answer (a batch call or tasks/result with a
 * progress token, McpTasks); the modern handler streams only once a handler sends a notification.
 */
@Injectable()
export class McpHttpTransport {
  private modern?: McpHttpHandler;
  /** The host request each web Request stands for, for the modern handler's server factory. */
  private readonly contexts = new WeakMap<Request, McpCallContext>();

  constructor(private readonly servers: McpServerFactory) {}

  /** Answers one POSTed JSON-RPC message (`body`, parsed by the host) on `response`. */
  async serve(body: unknown, response: ServerResponse, context: McpCallContext): Promise<void> {
    const client = new AbortController();
    response.on('close', () => client.abort());
    const request = webRequest(context.request, client.signal);
    if (!(await mcpSdk().isLegacyRequest(request, body))) {
      await writeAnswer(await this.serveModern(request, body, context), response);
      return;
    }
    const server = this.servers.create(context);
    try {
      await writeAnswer(await this.serveLegacy(server, request, body), response);
    } finally {
      // Once the answer is written: an SSE answer (progress) streams from the open server until its end.
      void server.close();
    }
  }

  private async serveLegacy(server: Server, request: Request, body: unknown): Promise<Response> {
    // A protocol version before 2026-07-28 gets JSON responses: plain JSON for curl and non-SDK clients; an
    // SSE stream only for a message that sends progress before its answer (mcp-progress.ts).
    const transport = new (mcpSdk().WebStandardStreamableHTTPServerTransport)({
      sessionIdGenerator: undefined,
      enableJsonResponse: !sendsProgress(body),
    });
    await server.connect(transport);
    return transport.handleRequest(request, { parsedBody: body });
  }

  private serveModern(request: Request, body: unknown, context: McpCallContext): Promise<Response> {
    this.contexts.set(request, context);
    this.modern ??= mcpSdk().createMcpHandler(
      ({ requestInfo }) => {
        const known = requestInfo === undefined ? undefined : this.contexts.get(requestInfo);
        if (known === undefined) throw new Error('MCP request without its HTTP context');
        return this.servers.create(known);
      },
      // 2025-era traffic never reaches it (serveLegacy); a JSON answer unless a tool sends progress first.
      { legacy: 'reject', responseMode: 'auto' },
    );
    return this.modern.fetch(request, { parsedBody: body });
  }
}
