import type {
  CallToolResult,
  CompleteResult,
  GetPromptResult,
  Prompt,
  ReadResourceResult,
  Resource,
  ResourceTemplateType,
  Result,
  Server,
  ServerContext,
  Tool,
} from '@modelcontextprotocol/server';
import type { McpCallContext } from './mcp-call-context';

/** A `completion/complete` request's `ref` and `argument`, as the client sends them. */
export interface McpCompletionRequest {
  ref: { type: string; name?: string; uri?: string };
  argument: { name: string; value: string };
}

/** A tools/call request's params, as the SDK has checked them (`task` only in the 2025 eras). */
export interface McpToolCall {
  name: string;
  arguments?: Record<string, unknown>;
  task?: object;
  _meta?: Record<string, unknown>;
}

/**
 * One part of the MCP server, in a file of its own: what it lists (tools, resources, resource
 * templates, prompts) and how it answers them. The server factory asks every feature listed in
 * `MCP_FEATURE_CLASSES` (mcp.module.ts) and serves them to both protocol eras alike, so a new tool
 * or resource is one class implementing this and one line there; nothing else learns of it.
 *
 * - `callTool` is called only with the name of one of this feature's `tools`.
 * - `takeToolCall` sees every tools/call first, with the request's SDK context (its signal, its
 *   notifications): an answer takes the call (the Tasks extension: a call with `params.task` or a
 *   progress token); undefined leaves it to the tool's own feature.
 * - `readResource` answers undefined for a URI that is not this feature's (the next feature is
 *   asked; when none has it, the client gets -32002).
 * - `getPrompt` is called only with the name of one of this feature's `prompts`.
 * - `complete` answers undefined for a reference it does not complete.
 * - `extend` is for anything else (a capability, a request handler of an extension): it gets each
 *   per-request server before it is connected.
 *
 * Errors: an `ApiError` from a tool becomes its `isError` result (McpTools does it); a protocol
 * error is an Error with a JSON-RPC `code` (-32602, -32002).
 */
export interface McpFeature {
  readonly tools?: readonly Tool[];
  callTool?(
    name: string,
    args: Record<string, unknown> | undefined,
    context: McpCallContext,
  ): Promise<CallToolResult> | CallToolResult;
  takeToolCall?(call: McpToolCall, ctx: ServerContext, context: McpCallContext): Promise<Result> | undefined;
  readonly resources?: readonly Resource[];
  readonly resourceTemplates?: readonly ResourceTemplateType[];
  readResource?(uri: string, context: McpCallContext): Promise<ReadResourceResult | undefined> | undefined;
  readonly prompts?: readonly Prompt[];
  getPrompt?(
    name: string,
    args: Record<string, string> | undefined,
    context: McpCallContext,
  ): Promise<GetPromptResult> | GetPromptResult;
  complete?(request: McpCompletionRequest): CompleteResult | undefined;
  extend?(server: Server, context: McpCallContext): void;
}

/** The features the server serves, in order (Nest token, provided by mcp.module.ts). */
export const MCP_FEATURES = Symbol('MCP_FEATURES');
