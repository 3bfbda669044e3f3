import { Inject, Injectable } from '@nestjs/common';
import type { CacheHint, CallToolResult, Implementation, Server, Tool } from '@modelcontextprotocol/server';
import { SERVICE_CONFIG, ServiceConfig } from '../../options/service-config';
import { SERVICE_NAME } from '../../options/service-info';
import type { McpCallContext } from './mcp-call-context';
import { MCP_FEATURES, type McpFeature } from './mcp-feature';
import { mcpIcons } from './mcp-icon';
import { mcpInstructions } from './mcp-instructions';
import { MODERN_PROTOCOL_VERSIONS } from './mcp-protocol';
import { mcpSdk } from './mcp-sdk';

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

/** JSON-RPC's "Invalid params": an unknown tool or prompt, and (with `data.uri`) an unknown resource. */
const INVALID_PARAMS = -32602;
const protocolError = (message: string, data?: object): Error =>
  Object.assign(new Error(message), { code: INVALID_PARAMS, ...(data && { data }) });

/**
 * How long a 2026-07-28 client may keep a list (`ttlMs`, `cacheScope` on its result): the lists and
 * the server's description change only with a deployment, and are the same for every client (no
 * credentials), so a shared cache may keep them. Reads (batches change) are not cached. 2025-era
 * answers never carry these fields.
 */
const LIST_CACHE: CacheHint = { ttlMs: 600_000, cacheScope: 'public' };
const CACHE_HINTS = {
  'tools/list': LIST_CACHE,
  'prompts/list': LIST_CACHE,
  'resources/list': LIST_CACHE,
  'resources/templates/list': LIST_CACHE,
  'server/discover': LIST_CACHE,
} as const;

/**
 * Builds one MCP server per request (both eras are stateless: each request is served by a fresh
 * server), from the features the module lists (`MCP_FEATURES`, see mcp-feature.ts).
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
    @Inject(MCP_FEATURES) private readonly features: readonly McpFeature[],
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

  /** Every feature's tools, in order. */
  get tools(): Tool[] {
    return this.features.flatMap((feature) => feature.tools ?? []);
  }

  /** A server for one MCP request; `context` is that HTTP request, for the tools that need it. */
  create(context: McpCallContext): Server {
    const server = new (mcpSdk().Server)(this.info, {
      capabilities: {
        tools: { listChanged: false },
        resources: { listChanged: false },
        prompts: { listChanged: false },
        completions: {},
      },
      instructions: this.instructions,
      cacheHints: CACHE_HINTS,
    });
    this.serveTools(server, context);
    this.serveResources(server, context);
    this.servePrompts(server, context);
    for (const feature of this.features) feature.extend?.(server, context);
    return server;
  }

  private serveTools(server: Server, context: McpCallContext): void {
    server.setRequestHandler('tools/list', () => ({ tools: this.tools }));
    server.setRequestHandler('tools/call', ({ params }, ctx) => {
      for (const taker of this.features) {
        const taken = taker.takeToolCall?.(params, ctx, context);
        // A task's answer (CreateTaskResult) is not a CallToolResult; the 2025 revision's check takes it.
        if (taken !== undefined) return taken as Promise<CallToolResult>;
      }
      const feature = this.features.find((candidate) => candidate.tools?.some((tool) => tool.name === params.name));
      // A plain error with the code, not a ProtocolError: the v1 client prefixes "MCP error -32602:" once.
      if (!feature?.callTool) throw protocolError(`Unknown tool: ${params.name}`);
      return feature.callTool(params.name, params.arguments, context);
    });
  }

  private serveResources(server: Server, context: McpCallContext): void {
    server.setRequestHandler('resources/list', () => ({
      resources: this.features.flatMap((feature) => feature.resources ?? []),
    }));
    server.setRequestHandler('resources/templates/list', () => ({
      resourceTemplates: this.features.flatMap((feature) => feature.resourceTemplates ?? []),
    }));
    server.setRequestHandler('resources/read', async ({ params }) => {
      for (const feature of this.features) {
        const result = await feature.readResource?.(params.uri, context);
        if (result !== undefined) return result;
      }
      throw protocolError('No resource has this URI.', { uri: params.uri });
    });
  }

  private servePrompts(server: Server, context: McpCallContext): void {
    server.setRequestHandler('prompts/list', () => ({
      prompts: this.features.flatMap((feature) => feature.prompts ?? []),
    }));
    server.setRequestHandler('prompts/get', ({ params }) => {
      const feature = this.features.find((candidate) => candidate.prompts?.some((p) => p.name === params.name));
      if (!feature?.getPrompt) throw protocolError(`Unknown prompt: ${params.name}`);
      return feature.getPrompt(params.name, params.arguments, context);
    });
    server.setRequestHandler('completion/complete', ({ params }) => {
      for (const feature of this.features) {
        const result = feature.complete?.({ ref: params.ref, argument: params.argument });
        if (result !== undefined) return result;
      }
      return { completion: { values: [], total: 0, hasMore: false } };
    });
  }

  describe(): McpServerDescription {
    return {
      name: this.info.name,
      title: this.info.title ?? this.info.name,
      version: this.info.version,
      transport: 'streamable-http',
      endpoint: this.endpoint,
      stateless: true,
      protocolVersions: [...MODERN_PROTOCOL_VERSIONS, ...mcpSdk().legacyProtocolVersions],
      usage:
        'POST JSON-RPC 2.0 messages to the endpoint with Content-Type: application/json and Accept: ' +
        'application/json, text/event-stream: 2026-07-28 requests carry _meta with the protocol version and ' +
        'the MCP-Protocol-Version and Mcp-Method headers (server/discover describes the server); 2025-era ' +
        'clients send initialize first. No session, no credentials. The same endpoint is served under /api/mcp.',
      instructions: this.instructions,
      tools: this.tools,
    };
  }
}
