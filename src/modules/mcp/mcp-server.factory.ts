import { Inject, Injectable } from '@nestjs/common';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Implementation, Tool } from '@modelcontextprotocol/sdk/types.js';
import { SERVICE_CONFIG, ServiceConfig } from '../../options/service-config';
import { SERVICE_NAME } from '../../options/service-info';
import { mcpIcons } from './mcp-icon';
import { mcpInstructions } from './mcp-instructions';
import { McpPrompts } from './mcp-prompts';
import { MCP_RESOURCE_TEMPLATES, MCP_RESOURCES, McpResources } from './mcp-resources';
import { mcpSdk } from './mcp-sdk';
import type { McpCallContext } from './mcp-call-context';
import { McpTasks } from './mcp-tasks';
import { CARD_VIEW_RESOURCE, McpCardView } from './mcp-card-view';
import { McpTools } from './mcp-tools';

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
    private readonly resources: McpResources,
    private readonly prompts: McpPrompts,
    private readonly tasks: McpTasks,
    private readonly view: McpCardView,
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
    const server = new Server(this.info, {
      capabilities: {
        tools: { listChanged: false },
        resources: { listChanged: false },
        prompts: { listChanged: false },
        completions: {},
        tasks: this.tasks.capability,
      },
      instructions: this.instructions,
    });
    server.setRequestHandler(types.ListToolsRequestSchema, () => ({ tools: this.tools.definitions }));
    server.setRequestHandler(
      types.CallToolRequestSchema,
      (request, extra) =>
        this.tasks.call(request, extra, context) ??
        this.tools.call(request.params.name, request.params.arguments, context),
    );
    this.tasks.serve(server, context);
    this.serveResourcesAndPrompts(server, context);
    return server;
  }

  /** Everything but the tools: resources (fixed, by template), prompts, completions. */
  private serveResourcesAndPrompts(server: Server, context: McpCallContext): void {
    const { types } = mcpSdk();
    server.setRequestHandler(types.ListResourcesRequestSchema, () => ({
      resources: [...MCP_RESOURCES, CARD_VIEW_RESOURCE],
    }));
    server.setRequestHandler(types.ListResourceTemplatesRequestSchema, () => ({
      resourceTemplates: MCP_RESOURCE_TEMPLATES,
    }));
    server.setRequestHandler(
      types.ReadResourceRequestSchema,
      (request) => this.view.read(request.params.uri) ?? this.resources.read(request.params.uri, context),
    );
    server.setRequestHandler(types.ListPromptsRequestSchema, () => ({ prompts: this.prompts.prompts }));
    server.setRequestHandler(types.GetPromptRequestSchema, (request) =>
      this.prompts.get(request.params.name, request.params.arguments, context),
    );
    server.setRequestHandler(types.CompleteRequestSchema, (request) =>
      this.prompts.complete(request.params.ref, request.params.argument),
    );
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
