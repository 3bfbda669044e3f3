import { Inject, Injectable } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { ApiError } from '../../core/errors/api-error';

/** `[::1]` → `::1`, `Example.COM.` → `example.com`: one spelling per host name. */
function normalizeHostName(name: string): string {
  return name.replace(/^\[(.*)\]$/, '$1').toLowerCase().replace(/\.$/, '');
}

/** The host name of a Host header value: `localhost:3000` → `localhost`, `[::1]:3000` → `[::1]`. */
function hostNameOf(host: string): string {
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':', 1)[0];
}

/**
 * True when a Host header value names one of the allowed hosts, on any port. Allowed entries may
 * write IPv6 addresses with or without brackets (`[::1]` and `::1` are the same host).
 */
export function isAllowedHost(host: string | undefined, allowedHosts: readonly string[]): boolean {
  const name = normalizeHostName(hostNameOf(host ?? ''));
  return name !== '' && allowedHosts.some((allowed) => normalizeHostName(allowed) === name);
}

const MCP_PATH = /^\/mcp(\?|$)/;

/**
 * DNS-rebinding protection for /mcp (and /api/mcp, rewritten to /mcp before routing): a request
 * whose Host is not in ALLOWED_HOSTS gets 403 `forbidden_host`, whatever its method. (A CORS
 * preflight is answered by the earlier CORS hook and never gets here; it runs nothing.)
 *
 * A fastify onRequest hook rather than a guard, so that it covers every method (a guard runs only
 * for the routes the controller declares: DELETE would get 405 first). It is added during
 * `app.init()`, after the CORS and rate-limit hooks, so a 403 is counted against the client's
 * budget and carries the CORS and RateLimit headers.
 *
 * Why Host and not Origin: DNS rebinding makes a browser send the attacker's host name in `Host`
 * while the connection reaches this server; checking `Host` is what stops it (and what the MCP
 * conformance scenario `dns-rebinding-protection` tests). `Origin` is deliberately not restricted:
 * the whole API, MCP included, is public and CORS-open (`Access-Control-Allow-Origin: *`, no
 * credentials, no state), so every web origin is a valid one. A page on any origin can already
 * call POST /v1/vcard and read the answer; the MCP tools expose nothing more. (The MCP transport
 * spec asks servers to reject an *invalid* Origin; for this public server none is.) `request.host`
 * honours X-Forwarded-Host only from TRUST_PROXY addresses, so a client cannot spoof it.
 */
@Injectable()
export class McpHostCheck {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  attach(fastify: FastifyInstance): void {
    // Callback style: every request passes here, and most leave at the path test.
    fastify.addHook('onRequest', (request, _reply, done) => done(this.check(request)));
  }

  /** The 403 for a request to /mcp whose Host is not allowed; undefined for anything else. */
  check(request: FastifyRequest): ApiError | undefined {
    if (!MCP_PATH.test(request.url)) return undefined;
    return isAllowedHost(request.host, this.config.allowedHosts) ? undefined : new ApiError('forbidden_host');
  }
}
