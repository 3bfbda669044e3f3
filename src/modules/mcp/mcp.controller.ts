import { keepPrototypeArguments } from './prototype-arguments';
import { Body, Controller, Delete, Get, Header, Headers, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { ApiError } from '../../core/errors/api-error';
import { ApiRoute } from '../../http/api-route.decorator';
import { BodyLimit } from '../../http/body-limit.decorator';
import { NotRateLimited } from '../../http/edge-policy';
import { HttpRequestLike, takeOverResponse } from '../../http/native-http';
import { SERVICE_CONFIG, ServiceConfig } from '../../options/service-config';
import { McpHostGuard } from './mcp-host.guard';
import { MCP_ICON_PATH, MCP_ICON_SVG } from './mcp-icon';
import { McpHttpTransport } from './mcp-http-transport';
import { mcpScanBodyLimit } from './mcp-scan-tool';
import { McpServerDescription, McpServerFactory } from './mcp-server.factory';
import { refuseJsonRpc } from './jsonrpc-refusal';

const NO_STREAM = {
  message: 'This MCP server is stateless and offers no server-to-client event stream.',
  hint: 'Send MCP messages with POST; GET without Accept: text/event-stream describes the server.',
} as const;

/**
 * MCP over Streamable HTTP, stateless, at `mcp` under the module's mount path (and /api/mcp in the
 * standalone service), for both protocol eras (2026-07-28 and the 2025 revisions: McpHttpTransport).
 * A Nest route like any other, so the rate limit, CORS, error filter, the host's body limit and the
 * Host and Origin checks (McpHostGuard) apply before the SDK sees the request. A POST carries exactly
 * one JSON-RPC message, so the edge's one unit per request is one unit per tool call.
 */
@ApiExcludeController()
@ApiRoute()
@UseGuards(McpHostGuard)
@Controller('mcp')
export class McpController {
  constructor(
    private readonly servers: McpServerFactory,
    private readonly transport: McpHttpTransport,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
  ) {}

  @Post()
  // A create_vcard_qr_code call may carry a logo (QRCODE_BODY_LIMIT_BYTES), a read_qr_code call an image as base64.
  @BodyLimit((config) => Math.max(config.bodyLimits.qrcode, mcpScanBodyLimit(config.bodyLimits.scan)))
  async handle(@Req() request: HttpRequestLike, @Res() response: object, @Body() body: unknown): Promise<void> {
    // The SDK answers on Node's response; headers set so far (RateLimit-*, CORS) go with it.
    const raw = takeOverResponse(response);
    // One POST, one message, one unit of the rate budget (charged at the edge): a JSON-RPC batch
    // would run any number of tool calls for that one unit, so none of it runs.
    if (Array.isArray(body)) return refuseJsonRpc(raw, this.config.publicBaseUrl, 'jsonrpc_batch_refused');
    keepPrototypeArguments(body);
    // The host has already parsed (and size-limited) the body; the SDK must not read the stream again.
    await this.transport.serve(body, raw, {
      request,
      // A batch tool charges the rate budget: its RateLimit headers replace the request's own.
      setHeader: (name, value) => {
        if (!raw.headersSent) raw.setHeader(name, value);
      },
    });
  }

  /**
   * A stateless server has no standalone SSE stream: an MCP client's GET (Accept: text/event-stream)
   * gets 405, which the SDK client reads as "no stream". Anyone else (a browser, curl) gets a JSON
   * description of the server and its tools.
   */
  @Get()
  describe(@Headers('accept') accept: string | undefined): McpServerDescription {
    if (accept?.toLowerCase().includes('text/event-stream')) {
      throw new ApiError('method_not_allowed', { ...NO_STREAM, headers: { Allow: 'POST' } });
    }
    return this.servers.describe();
  }

  /** The icon the server and its tools list (MCP `icons`), for a client to show beside them. */
  @Get(MCP_ICON_PATH)
  @NotRateLimited()
  @Header('Content-Type', 'image/svg+xml')
  @Header('Cache-Control', 'public, max-age=86400')
  icon(): string {
    return MCP_ICON_SVG;
  }

  /** No sessions to end in stateless mode; declared so the Host check covers DELETE too. */
  @Delete()
  end(): never {
    throw new ApiError('method_not_allowed', {
      message: 'This MCP server is stateless: there is no session to end.',
      hint: 'Send MCP messages with POST.',
      headers: { Allow: 'GET, POST' },
    });
  }
}
