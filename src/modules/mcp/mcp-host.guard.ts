import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { ApiError } from '../../core/errors/api-error';
import type { HttpRequestLike } from '../../http/native-http';
import { SERVICE_CONFIG, ServiceConfig } from '../../options/service-config';

/** `[::1]` → `::1`, `Example.COM.` → `example.com`: one spelling per host name. */
function normalizeHostName(name: string): string {
  return name
    .replace(/^\[(.*)\]$/, '$1')
    .toLowerCase()
    .replace(/\.$/, '');
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

/** An Origin header as an origin (`HTTPS://App.example.com:443` → `https://app.example.com`), else as sent. */
function originOf(origin: string): string {
  try {
    return new URL(origin).origin;
  } catch {
    return origin;
  }
}

/**
 * True when a request may be answered for its Origin: no Origin (not a browser), no list (any
 * origin, the default), or an origin in the list (`null`, an opaque origin, never is).
 */
export function isAllowedOrigin(origin: string | undefined, allowedOrigins: readonly string[] | null): boolean {
  if (origin === undefined || allowedOrigins === null) return true;
  return allowedOrigins.includes(originOf(origin));
}

/**
 * DNS-rebinding protection for the MCP endpoint, wherever it is mounted: a request whose Host is
 * not in `mcp.allowedHosts` gets 403 `forbidden_host`, whatever its method (the controller
 * declares GET, POST and DELETE, so every method it knows passes here first). With `mcp.enabled:
 * false` the endpoint answers 404 as if absent.
 *
 * A guard on the controller, after ApiEdgeGuard, so a 403 is counted against the client's budget
 * and carries the CORS and RateLimit headers.
 *
 * Why Host and not Origin: DNS rebinding makes a browser send the attacker's host name in `Host`
 * while the connection reaches this server; checking `Host` is what stops it (and what the MCP
 * conformance scenario `dns-rebinding-protection` tests). `Origin` is not restricted by default:
 * the whole API, MCP included, is public and CORS-open (`Access-Control-Allow-Origin: *`, no
 * credentials, no state), so every web origin is a valid one. An operator who wants only some web
 * apps to call it from a browser lists them in `mcp.allowedOrigins`: another Origin is a 403
 * `forbidden_origin` (a client that is not a browser sends none). The adapter's `host` honours
 * X-Forwarded-Host only from trusted proxies, so a client cannot spoof it.
 */
@Injectable()
export class McpHostGuard implements CanActivate {
  constructor(@Inject(SERVICE_CONFIG) private readonly config: ServiceConfig) {}

  canActivate(context: ExecutionContext): boolean {
    if (!this.config.mcp.enabled) throw new ApiError('not_found');
    const request = context.switchToHttp().getRequest<HttpRequestLike>();
    if (!isAllowedHost(request.host ?? request.headers.host, this.config.mcp.allowedHosts))
      throw new ApiError('forbidden_host');
    const origin = request.headers.origin;
    if (!isAllowedOrigin(Array.isArray(origin) ? origin[0] : origin, this.config.mcp.allowedOrigins))
      throw new ApiError('forbidden_origin');
    return true;
  }
}
