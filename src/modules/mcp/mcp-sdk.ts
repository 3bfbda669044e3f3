import type * as ServerIndex from '@modelcontextprotocol/sdk/server/index.js';
import type * as StreamableHttp from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type * as Types from '@modelcontextprotocol/sdk/types.js';

/** The parts of the official MCP SDK this module uses at run time. */
export interface McpSdk {
  Server: typeof ServerIndex.Server;
  StreamableHTTPServerTransport: typeof StreamableHttp.StreamableHTTPServerTransport;
  types: typeof Types;
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
  /* eslint-disable @typescript-eslint/no-require-imports -- loaded on the first MCP request (see above) */
  loaded ??= {
    Server: (require('@modelcontextprotocol/sdk/server/index.js') as typeof ServerIndex).Server,
    StreamableHTTPServerTransport: (
      require('@modelcontextprotocol/sdk/server/streamableHttp.js') as typeof StreamableHttp
    ).StreamableHTTPServerTransport,
    types: require('@modelcontextprotocol/sdk/types.js') as typeof Types,
  };
  /* eslint-enable @typescript-eslint/no-require-imports */
  return loaded;
}
