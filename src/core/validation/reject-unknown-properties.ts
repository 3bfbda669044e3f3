/**
 * Request bodies are validated with `forbidNonWhitelisted`: an unknown property is a 400. Every
 * published request schema (OpenAPI request bodies, MCP tool input schemas) says so through this
 * one function, so the documents cannot drift from the pipe.
 */
export function rejectUnknownProperties<T extends object>(schema: T): T {
  return { ...schema, additionalProperties: false };
}
