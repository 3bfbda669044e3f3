import type { IncomingMessage } from 'node:http';

const EDGE_HANDLED = Symbol('vcard-payload.edgeHandled');

type Marked = IncomingMessage & { [EDGE_HANDLED]?: true };

/**
 * Marks a request whose CORS headers and rate-limit count were already applied by the app's edge
 * (the standalone service does this for every request, routed or not), so the module's guard does
 * not count it twice.
 */
export function markEdgeHandled(request: IncomingMessage): void {
  (request as Marked)[EDGE_HANDLED] = true;
}

export function isEdgeHandled(request: IncomingMessage): boolean {
  return (request as Marked)[EDGE_HANDLED] === true;
}
