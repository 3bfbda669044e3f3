import type { INestApplicationContext } from '@nestjs/common';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod, RouteOptions } from 'fastify';
import { ApiExceptionFilter } from '../http/api-exception.filter';
import type { EdgePolicy } from '../http/edge-policy';
import { RouteQueryCheck } from '../http/route-query-check';
import type { PrintCardQuery } from '../modules/vcard/print-query';
import { isVCardBody } from '../modules/vcard/vcard-body';
import { negotiateVCard } from '../modules/vcard/vcard-download';
import { VCardController } from '../modules/vcard/vcard.controller';
import { VCardModule } from '../modules/vcard/vcard.module';

/** The route the shortcut serves, as Nest registers it (the /api alias is rewritten to it before routing). */
const CARD_ROUTE = { method: 'POST', url: '/v1/vcard' };

/**
 * The standalone server's shortcut for its busiest request: a JSON contact posted to
 * `POST /v1/vcard` for the JSON answer, without an Idempotency-Key. It calls the controller's
 * `answerJson()`, which builds the answer as `create()` does (the same validation and the same
 * private `jsonAnswer()`), and Fastify sends it as Nest's adapter would (200, the object as JSON).
 *
 * Nest's per-route pipeline (the guard, six parameter decorators, the promise chain, the response
 * controller) costs this request more than any one part of the service's own code, and has
 * nothing to add to it here. The standalone edge has already admitted the request (CORS, rate
 * limit), and the query is checked against the route's declaration by the same RouteQueryCheck.
 * The guard's other task, remembering the matched route for links under a mount path, changes
 * nothing this route answers in the standalone app, whose /api alias is rewritten before routing.
 * An error is rendered by the route's own exception filter, handed over as Nest's route proxy
 * hands it. Every other request on the route (a vCard file, an Idempotency-Key, another
 * representation, a query the check rejects) goes through Nest's route. A host that embeds the
 * module gets Nest's route only. An app-wide guard or interceptor added to the standalone app
 * would not see the requests answered here: make it a reason in `eligibleQuery()` to take Nest's
 * route.
 */
export function dispatchCardDirectly(fastify: FastifyInstance, app: INestApplicationContext, policy: EdgePolicy): void {
  const module = app.select(VCardModule);
  const controller = module.get(VCardController);
  // The very filter instance Nest's route renders the route's errors with.
  const filter = module.get(ApiExceptionFilter);
  // The route's handler, which its query declaration is read from.
  const create = VCardController.prototype.create;
  const queries = app.get(RouteQueryCheck);

  /** The checked query when the request is one the shortcut answers, else undefined. */
  const eligibleQuery = (request: FastifyRequest): PrintCardQuery | undefined => {
    if (request.headers['idempotency-key'] !== undefined || isVCardBody(request) || !policy.isAdmitted(request.raw))
      return undefined;
    let query: PrintCardQuery;
    try {
      query = queries.checkFor(create, request) as PrintCardQuery;
    } catch {
      return undefined;
    }
    return negotiateVCard(request.headers.accept, query.nfc !== undefined) === 'json' ? query : undefined;
  };

  fastify.addHook('onRoute', (route: RouteOptions) => {
    if (route.url !== CARD_ROUTE.url || [route.method].flat().join() !== CARD_ROUTE.method) return;
    const viaNest = route.handler;
    route.handler = function direct(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const query = eligibleQuery(request);
      if (query === undefined) return viaNest.call(this, request, reply);
      try {
        // Fastify sends what a synchronous handler returns, as Nest's adapter would: 200, as JSON.
        return controller.answerJson(request.body, query);
      } catch (error) {
        // As Nest's route proxy hands an error to the route's filter: the request and the reply.
        filter.catch(error, new ExecutionContextHost([request, reply]));
        return undefined;
      }
    } as RouteHandlerMethod;
  });
}
