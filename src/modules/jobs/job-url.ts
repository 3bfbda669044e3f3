import type { FastifyRequest } from 'fastify';

/**
 * Absolute URL of a job under the prefix the client called (`/api` alias or none). The alias is
 * rewritten before routing, so only `originalUrl` still shows it.
 */
export function jobUrl(publicBaseUrl: string, request: FastifyRequest, jobId: string): string {
  const prefix = request.originalUrl.startsWith('/api/') ? '/api' : '';
  return `${publicBaseUrl}${prefix}/v1/jobs/${jobId}`;
}
