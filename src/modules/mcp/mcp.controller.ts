import { Body, Controller, Get, Headers, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../core/errors/api-error';
import { mcpSdk } from './mcp-sdk';
import { McpServerDescription, McpServerFactory } from './mcp-server.factory';

/**
 * MCP over Streamable HTTP, stateless, at /mcp (and /api/mcp through the URL alias). A Nest route
 * like any other, so the rate limit, CORS, request log, error filter, body limit and the Host
 * check (McpHostCheck) apply before the SDK sees the request.
 */
@ApiExcludeController()
@Controller('mcp')
export class McpController {
  constructor(private readonly servers: McpServerFactory) {}

  @Post()
  async handle(@Req() request: FastifyRequest, @Res() reply: FastifyReply, @Body() body: unknown): Promise<void> {
    const server = this.servers.create();
    // JSON responses, not SSE: the tools answer at once and send no progress, so there is nothing to
    // stream, and plain JSON is easier for curl and non-SDK clients. The SDK client accepts both.
    const transport = new (mcpSdk().StreamableHTTPServerTransport)({ sessionIdGenerator: undefined, enableJsonResponse: true });
    // The SDK writes to the raw response, so headers set on the fastify reply so far (RateLimit-*,
    // X-Request-Id; CORS is already on raw) are copied over before handing it out.
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value);
    }
    reply.hijack();
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    // fastify has already parsed (and size-limited) the body; the SDK must not read the stream again.
    await transport.handleRequest(request.raw, reply.raw, body);
  }

  /**
   * A stateless server has no standalone SSE stream: an MCP client's GET (Accept: text/event-stream)
   * gets 405, which the SDK client reads as "no stream". Anyone else (a browser, curl) gets a JSON
   * description of the server and its tools.
   */
  @Get()
  describe(@Headers('accept') accept: string | undefined): McpServerDescription {
    if (accept?.toLowerCase().includes('text/event-stream')) {
      throw new ApiError('method_not_allowed', {
        message: 'This MCP server is stateless and offers no server-to-client event stream.',
        hint: 'Send MCP messages with POST; GET without Accept: text/event-stream describes the server.',
        headers: { Allow: 'POST' },
      });
    }
    return this.servers.describe();
  }
}
