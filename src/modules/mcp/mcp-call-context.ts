import type { HttpRequestLike } from '../../http/native-http';

/** The HTTP request an MCP message came in, for what REST takes from its request too. */
export interface McpCallContext {
  request: HttpRequestLike;
  /** Sets a response header (RateLimit-*) while the answer has not been sent. */
  setHeader: (name: string, value: string) => void;
}
