import { clientMountPath } from '../../http/mount-path';
import type { HttpRequestLike } from '../../http/native-http';

/**
 * Absolute URL of a batch under the path the client called (the standalone /api alias, a host's
 * prefix, or MCP's mount): following it reaches GET v1/batches/:batchId.
 */
export function batchUrl(publicBaseUrl: string, request: HttpRequestLike, batchId: string): string {
  return `${publicBaseUrl}${clientMountPath(request)}/v1/batches/${batchId}`;
}
