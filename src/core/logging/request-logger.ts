import { Injectable, Logger } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * One structured line per finished request. Deliberately logs the route *pattern*
 * (/v1/jobs/:jobId), never the raw URL, query, headers or body: contact values must never reach
 * a log.
 */
@Injectable()
export class RequestLogger {
  private readonly logger = new Logger('http');

  attach(fastify: FastifyInstance): void {
    // Echoed so a client can quote it when reporting a problem (see the internal_error hint).
    fastify.addHook('onRequest', (request, reply, done) => {
      void reply.header('X-Request-Id', request.id);
      done();
    });
    fastify.addHook('onResponse', (request, reply, done) => {
      this.log(request, reply);
      done();
    });
  }

  private log(request: FastifyRequest, reply: FastifyReply): void {
    this.logger.log({
      msg: 'request',
      requestId: request.id,
      method: request.method,
      route: request.routeOptions.url ?? '(unmatched)',
      status: reply.statusCode,
      latencyMs: Math.round(reply.elapsedTime * 100) / 100,
    });
  }
}
