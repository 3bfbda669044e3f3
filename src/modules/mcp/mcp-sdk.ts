import type * as ServerPackage from '@modelcontextprotocol/server';
import { toolCallProblem } from './tool-call-params';

type WrappedHandler = (
  request: ServerPackage.JSONRPCRequest,
  ctx: ServerPackage.ServerContext,
) => Promise<ServerPackage.Result>;

/** JSON-RPC 2.0's "Invalid params". */
const INVALID_PARAMS = -32602;

/** The parts of the official MCP SDK (v2, `@modelcontextprotocol/server`) this module uses at run time. */
export interface McpSdk {
  /** The SDK's low-level `Server`, answering a malformed tools/call in one line (see below). */
  Server: typeof ServerPackage.Server;
  WebStandardStreamableHTTPServerTransport: typeof ServerPackage.WebStandardStreamableHTTPServerTransport;
  createMcpHandler: typeof ServerPackage.createMcpHandler;
  isLegacyRequest: typeof ServerPackage.isLegacyRequest;
  /** The 2025-era revisions the SDK negotiates with `initialize`, newest first. */
  legacyProtocolVersions: readonly string[];
}

/**
 * The SDK's Server with three changes:
 * - its tools/call check in a few words: the SDK's own answers a call without a name, or with
 *   arguments that are not an object, with -32602 and the whole zod report; this one answers
 *   -32602 with the sentence `toolCallProblem()` gives, in either era, before the SDK's check;
 * - a tools/call answered with a task (CreateTaskResult, the 2025-11-25 Tasks extension: McpTasks)
 *   goes round the SDK's check of every tools/call answer as a CallToolResult (the SDK has no
 *   runtime for tasks); every other answer goes through that check;
 * - on 2026-07-28, where every result names the server in `_meta`, only `server/discover` carries
 *   the whole identity (title, website, icons); other results name it and its version, which keeps
 *   `tools/list` within its 24,000 bytes.
 */
function checkedServer(sdk: typeof ServerPackage): typeof ServerPackage.Server {
  return class CheckedServer extends sdk.Server {
    /** The method this one-request server is answering. */
    private answering?: string;

    protected override _wrapHandler(method: string, handler: WrappedHandler): WrappedHandler {
      let task: ServerPackage.Result | undefined;
      const taskAside: WrappedHandler = async (request, ctx) => {
        const result = await handler(request, ctx);
        if (!('task' in result)) return result;
        task = result;
        return { content: [] };
      };
      const wrapped = super._wrapHandler(method, method === 'tools/call' ? taskAside : handler);
      return async (request, ctx) => {
        this.answering = method;
        const problem = method === 'tools/call' ? toolCallProblem(request) : undefined;
        if (problem !== undefined) throw Object.assign(new Error(problem), { code: INVALID_PARAMS });
        const result = await wrapped(request, ctx);
        const answer = task ?? result;
        task = undefined;
        return answer;
      };
    }

    protected override _outboundServerInfo(): ServerPackage.Implementation | undefined {
      const info = super._outboundServerInfo();
      if (info === undefined || this.answering === 'server/discover') return info;
      return { name: info.name, version: info.version };
    }
  } as unknown as typeof ServerPackage.Server;
}

let loaded: McpSdk | undefined;

/**
 * The MCP SDK, loaded on the first MCP request instead of at start-up. Its protocol schemas
 * (zod) take memory that a process serving only REST traffic never needs (bench/README.md).
 * The first /mcp request pays the load once. Only type imports elsewhere: any
 * value import of the SDK would load it at start-up again (test/e2e/mcp-lazy-sdk.e2e-spec.ts
 * checks that it does not).
 */
export function mcpSdk(): McpSdk {
  if (loaded) return loaded;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on the first MCP request (see above)
  const sdk = require('@modelcontextprotocol/server') as typeof ServerPackage;
  loaded = {
    Server: checkedServer(sdk),
    WebStandardStreamableHTTPServerTransport: sdk.WebStandardStreamableHTTPServerTransport,
    createMcpHandler: sdk.createMcpHandler,
    isLegacyRequest: sdk.isLegacyRequest,
    legacyProtocolVersions: sdk.SUPPORTED_PROTOCOL_VERSIONS,
  };
  return loaded;
}
