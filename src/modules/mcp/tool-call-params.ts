/** What is wrong with a tools/call request's params, in a few words; undefined when nothing is. */
export function toolCallProblem(message: unknown): string | undefined {
  const request = message as { method?: unknown; id?: unknown; params?: unknown } | null;
  if (request?.method !== 'tools/call' || request.id === undefined) return undefined;
  const params = request.params as { name?: unknown; arguments?: unknown } | undefined;
  const problems: string[] = [];
  if (typeof params?.name !== 'string' || params.name === '') problems.push('params.name must be a tool name');
  const args = params?.arguments;
  if (args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args)))
    problems.push('params.arguments must be an object');
  return problems.length === 0 ? undefined : `Invalid tools/call params: ${problems.join('; ')}.`;
}
