import { Inject, Injectable, SetMetadata } from '@nestjs/common';
import { DiscoveryService, Reflector } from '@nestjs/core';
import Router from 'find-my-way';
import type { IncomingMessage } from 'node:http';
import { ApiError } from '../core/errors/api-error';
import { RateLimiter, type SetHeader } from '../core/rate-limit/rate-limiter';
import { SERVICE_CONFIG, ServiceConfig } from '../options/service-config';
import { CORS_RESPONSE_HEADERS, isPreflight, preflightHeaders } from './cors-headers';
import { declaredRoutes } from './declared-routes';

const NOT_COUNTED = Symbol('vcard-payload.notCounted');
const ADMITTED = Symbol('vcard-payload.admitted');

/**
 * Declares routes (a controller's, or one handler's) free of the rate limit: health, probes, docs,
 * the playground. Every other route costs one unit of the client's budget per request.
 */
export const NotRateLimited = (): ClassDecorator & MethodDecorator => SetMetadata(NOT_COUNTED, true);

/** A route handler or controller class, as Nest's metadata is read from them. */
type Handler = Parameters<Reflector['getAllAndOverride']>[1][number];

type Admitted = IncomingMessage & { [ADMITTED]?: true };

/** What admitting a request leads to: nothing more to do, the 429 to answer, or either later (a Redis counter). */
export type Admission = ApiError | undefined | Promise<ApiError | undefined>;

/**
 * The edge policy, the one place that decides for a request whether it counts against the
 * client's budget, which CORS headers it carries and how a CORS preflight is answered. Routes
 * declare what they cost where they are declared (@NotRateLimited()); two thin adapters apply it:
 * the module's ApiEdgeGuard on the module's routes (any host, Express or Fastify) and the
 * standalone app's onRequest hook on every request, unknown routes included. A request is
 * admitted once: whichever adapter comes first counts it, the other leaves it alone.
 */
@Injectable()
export class EdgePolicy {
  /** The CORS headers of every response; null when the host handles CORS (`cors: false`). */
  readonly corsHeaders: Readonly<Record<string, string>> | null;
  /** False when the host does its own limiting (`rateLimit: false`). */
  readonly limited: boolean;
  private readonly freePaths: Router.Instance<Router.HTTPVersion.V1> = Router();
  /** The patterns declared so far: declaring one again changes nothing. */
  private readonly declared = new Set<string>();
  private routesRead = false;

  constructor(
    @Inject(SERVICE_CONFIG) config: ServiceConfig,
    private readonly limiter: RateLimiter,
    private readonly reflector: Reflector,
    private readonly discovery: DiscoveryService,
  ) {
    this.corsHeaders = config.cors ? CORS_RESPONSE_HEADERS : null;
    this.limited = limiter.enabled;
  }

  /** Whether a request to this handler counts (the module's adapter knows the matched handler). */
  countsHandler(handler: Handler, controller: Handler): boolean {
    return this.limited && !this.isDeclaredFree(handler, controller);
  }

  /**
   * Whether a request counts, by its path alone (an app's edge sees requests before any handler,
   * and requests no handler takes): a path a free route is declared at is free whatever the
   * method; a preflight is free. Paths are those the app routes, mounted at the root.
   */
  countsPath(method: string, url: string): boolean {
    if (!this.limited || method === 'OPTIONS') return false;
    if (!this.routesRead) this.readDeclaredRoutes();
    const query = url.indexOf('?');
    return this.freePaths.find('GET', query === -1 ? url : url.slice(0, query)) === null;
  }

  /**
   * Declares a free path served outside Nest's controllers (Swagger UI, static files), where it is
   * registered; a trailing `*` frees the whole tree.
   */
  declareFreePath(path: string): void {
    if (this.declared.has(path)) return;
    this.declared.add(path);
    this.freePaths.on('GET', path, () => undefined);
  }

  /** Whether an adapter already admitted this request. */
  isAdmitted(request: IncomingMessage): boolean {
    return (request as Admitted)[ADMITTED] === true;
  }

  /**
   * Admits a request: its CORS headers, then (when it counts) one unit of the client's budget with
   * the RateLimit headers, or the 429 to answer.
   */
  admit(request: IncomingMessage, ip: string | undefined, counts: boolean, setHeader: SetHeader): Admission {
    (request as Admitted)[ADMITTED] = true;
    if (this.corsHeaders) for (const name in this.corsHeaders) setHeader(name, this.corsHeaders[name]);
    if (!counts) return undefined;
    const record = this.limiter.hit(ip);
    return record instanceof Promise
      ? record.then((counted) => this.limiter.apply(counted, setHeader))
      : this.limiter.apply(record, setHeader);
  }

  /**
   * The headers of a preflight answer (204), or the 400 for an OPTIONS request that is not a
   * preflight; with `cors: false` the module declines (404) and the host decides.
   */
  preflight(requestedMethod: string | undefined, requestedHeaders: string | undefined): Record<string, string> {
    if (!this.corsHeaders) throw new ApiError('not_found');
    if (!isPreflight(requestedMethod)) {
      throw new ApiError('bad_request', {
        message: 'An OPTIONS request here must be a CORS preflight.',
        hint: 'Send Access-Control-Request-Method (browsers do this for you).',
      });
    }
    return preflightHeaders(requestedHeaders);
  }

  private isDeclaredFree(handler: Handler, controller: Handler): boolean {
    return this.reflector.getAllAndOverride<boolean | undefined>(NOT_COUNTED, [handler, controller]) === true;
  }

  /** The paths of every controller route declared free, from Nest's own route metadata. */
  private readDeclaredRoutes(): void {
    this.routesRead = true;
    for (const { handler, controller, paths } of declaredRoutes(this.discovery)) {
      if (!this.isDeclaredFree(handler as Handler, controller)) continue;
      for (const path of paths) if (this.freePaths.find('GET', path) === null) this.declareFreePath(path);
    }
  }
}
