import { clientMountPath } from '../../http/mount-path';
import type { HttpRequestLike } from '../../http/native-http';

/**
 * Absolute URL of a job under the path the client called: the standalone /api alias, a host's
 * global prefix or RouterModule path, or none. Following it reaches GET v1/jobs/:jobId.
 */
export function jobUrl(publicBaseUrl: string, request: HttpRequestLike, jobId: string): string {
  return `${publicBaseUrl}${clientMountPath(request)}/v1/jobs/${jobId}`;
}
