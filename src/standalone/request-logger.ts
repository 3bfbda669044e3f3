import { Injectable, Logger, LoggerService } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { AppLogger, FlatRecord } from '../core/logging/app-logger';
import { ServiceMetrics } from '../core/metrics/service-metrics';

/** The route of a request no route matched (a 404), in logs and metrics. */
const UNMATCHED = '(unmatched)';

/**
 * One structured line per finished request, and its count and latency in the metrics. Deliberately
 * records the route *pattern* (/v1/jobs/:jobId), never the raw URL, query, headers or body: contact
 * values must never reach a log or a label.
 */
@Injectable()
export class RequestLogger {
  private readonly logger = new Logger('http');

  constructor(private readonly metrics: ServiceMetrics) {}

  /**
   * `appLogger` is the logger the app was created with: the production AppLogger gets its direct
   * path; any other (a test's capturing logger) is reached through Nest's Logger.
   */
  attach(fastify: FastifyInstance, appLogger?: LoggerService): void {
    const direct = appLogger instanceof AppLogger ? appLogger : null;
    // Echoed so a client can quote it when reporting a problem (see the internal_error hint).
    fastify.addHook('onRequest', (request, reply, done) => {
      void reply.header('X-Request-Id', request.id);
      done();
    });
    fastify.addHook('onResponse', (request, reply, done) => {
      // Each is a getter that computes anew (routeOptions builds an object): read once.
      const route = request.routeOptions.url ?? UNMATCHED;
      const elapsedMs = reply.elapsedTime;
      this.metrics.observeHttp(request.method, route, reply.statusCode, elapsedMs / 1000);
      const record: FlatRecord = {
        msg: 'request',
        requestId: request.id,
        method: request.method,
        route,
        status: reply.statusCode,
        latencyMs: Math.round(elapsedMs * 100) / 100,
      };
      if (direct) direct.logRecord('http', record);
      else this.logger.log(record);
      done();
    });
  }
}
