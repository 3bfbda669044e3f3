import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import proxyaddr from 'proxy-addr';
import type { AppConfig } from '../config/app-config';

/** `::ffff:203.0.113.9` and `203.0.113.9` are one client. */
function clientKey(address: string | undefined): string {
  if (!address) return 'unknown';
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}

/**
 * Caps open connections: `MAX_CONNECTIONS` in all (Node refuses the ones beyond it), and
 * `MAX_CONNECTIONS_PER_CLIENT` per client address, so one client holding thousands of slow or idle
 * connections cannot take every file descriptor while others wait. A connection over the cap is
 * closed as soon as it is accepted, before a byte is read; the others are not slowed. Addresses
 * in TRUST_PROXY are exempt from the per-client cap: a proxy carries many clients.
 */
export function attachConnectionLimits(server: Server, config: AppConfig): { open(client: string): number } {
  server.maxConnections = config.maxConnections;
  const trusted = config.trustProxy.length > 0 ? proxyaddr.compile(config.trustProxy) : null;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (trusted && address && trusted(address, 0)) return;
    const key = clientKey(address);
    const held = open.get(key) ?? 0;
    if (held >= config.maxConnectionsPerClient) {
      socket.destroy();
      return;
    }
    open.set(key, held + 1);
    socket.once('close', () => {
      const now = (open.get(key) ?? 1) - 1;
      if (now === 0) open.delete(key);
      else open.set(key, now);
    });
  });
  return { open: (client) => open.get(clientKey(client)) ?? 0 };
}
