import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** JSON-RPC 2.0's "Invalid params". */
const INVALID_PARAMS = -32602;

/** What is wrong with a tools/call request's params, in a few words; undefined when nothing is. */
export function toolCallProblem(message: JSONRPCMessage): string | undefined {
  if (!('method' in message) || message.method !== 'tools/call' || !('id' in message)) return undefined;
  const params = message.params as { name?: unknown; arguments?: unknown } | undefined;
  const problems: string[] = [];
  if (typeof params?.name !== 'string' || params.name === '') problems.push('params.name must be a tool name');
  const args = params?.arguments;
  if (args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args)))
    problems.push('params.arguments must be an object');
  return problems.length === 0 ? undefined : `Invalid tools/call params: ${problems.join('; ')}.`;
}

/**
 * Answers a malformed tools/call (no name, arguments that are not an object) with -32602 and a
 * short message before the SDK sees it: its own check answers -32603 with the whole zod report.
 * The answer goes through the transport, so it is sent as the SDK sends any response.
 */
export function refuseMalformedToolCalls(transport: Transport): void {
  const deliver = transport.onmessage;
  if (deliver === undefined) return;
  transport.onmessage = (message, extra) => {
    const problem = toolCallProblem(message);
    if (problem === undefined || !('id' in message)) return deliver(message, extra);
    void transport.send({ jsonrpc: '2.0', id: message.id, error: { code: INVALID_PARAMS, message: problem } });
  };
}
