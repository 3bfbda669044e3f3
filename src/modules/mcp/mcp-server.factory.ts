import { Inject, Injectable } from '@nestjs/common';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Implementation, Tool } from '@modelcontextprotocol/sdk/types.js';
import { SERVICE_CONFIG, ServiceConfig } from '../../options/service-config';
import { SERVICE_NAME } from '../../options/service-info';
import { mcpIcons } from './mcp-icon';
import { mcpInstructions } from './mcp-instructions';
import { mcpSdk } from './mcp-sdk';
import { McpCallContext, McpTools } from './mcp-tools';

/** What GET /mcp answers a browser or curl: enough to configure a client without speaking MCP. */
export interface McpServerDescription {
  name: string;
  title: string;
  version: string;
  transport: 'streamable-http';
  endpoint: string;
  stateless: true;
  protocolVersions: string[];
  usage: string;
  instructions: string;
  tools: Tool[];
}

/**
 * Builds one MCP server per request (the transport is stateless and single-use).
 *
 * The SDK's low-level `Server` rather than `McpServer`: `McpServer.registerTool` takes zod schemas
 * and validates arguments itself, which would mean a second copy of the VCardRequest rules and a
 * different error format. `Server` lists the DTO-derived JSON Schemas as they are and leaves
 * validation to the same pipe as REST.
 */
@Injectable()
export class McpServerFactory {
  private readonly info: Implementation;
  private readonly instructions: string;
  private readonly endpoint: string;

  constructor(
    @Inject(SERVICE_CONFIG) config: ServiceConfig,
    private readonly tools: McpTools,
  ) {
    this.info = {
      name: SERVICE_NAME,
      title: 'vCard Payload Service',
      version: config.serviceVersion,
      websiteUrl: `${config.publicBaseUrl}/docs`,
      icons: mcpIcons(`${config.publicBaseUrl}/mcp`).server,
    };
    this.instructions = mcpInstructions(config);
    this.endpoint = `${config.publicBaseUrl}/mcp`;
  }

  /** A server for one MCP request; `context` is that HTTP request, for the tools that need it. */
  create(context: McpCallContext): Server {
    const { Server, types } = mcpSdk();
    const { CallToolRequestSchema, ListToolsRequestSchema } = types;
    const server = new Server(this.info, {
      capabilities: { tools: { listChanged: false } },
      instructions: this.instructions,
    });
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: this.tools.definitions }));
    server.setRequestHandler(CallToolRequestSchema, (request) =>
      this.tools.call(request.params.name, request.params.arguments, context),
    );
    return server;
  }

  describe(): McpServerDescription {
    return {
      name: this.info.name,
      title: this.info.title ?? this.info.name,
      version: this.info.version,
      transport: 'streamable-http',
      endpoint: this.endpoint,
      stateless: true,
      protocolVersions: [...mcpSdk().types.SUPPORTED_PROTOCOL_VERSIONS],
      usage:
        'POST JSON-RPC 2.0 messages (initialize, tools/list, tools/call) to the endpoint with ' +
        'Content-Type: application/json and Accept: application/json, text/event-stream. No session, ' +
        'no credentials. The same endpoint is served under /api/mcp.',
      instructions: this.instructions,
      tools: this.tools.definitions,
    };
  }
}
