import { Injectable } from '@nestjs/common';
import { NO_QUERY, type QueryDeclaration } from '../core/validation/query-declaration';
import { CHECKED_QUERY, ROUTE_QUERY } from './route-query.decorator';

/**
 * Checks a module route's query against its declaration (@RouteQuery(), or none): an unknown or
 * invalid parameter is a 400 invalid_query naming it, before the handler judges the body. The
 * checked query is left on the request for @CheckedQuery(). ApiEdgeGuard runs it once the request
 * is admitted, so the 400 counts against the client's budget like any other.
 */
@Injectable()
export class RouteQueryCheck {
  /** A handler's declaration (@RouteQuery()), or NO_QUERY: read once per route by ApiEdgeGuard. */
  declarationOf(handler: object): QueryDeclaration<unknown> {
    return (Reflect.getMetadata(ROUTE_QUERY, handler) as QueryDeclaration<unknown> | undefined) ?? NO_QUERY;
  }

  /** Checks the request's query against the route's declaration and leaves the checked query on the request. */
  check(declaration: QueryDeclaration<unknown>, request: { query?: unknown }): void {
    (request as Record<symbol, unknown>)[CHECKED_QUERY] = declaration.validate(request.query);
  }
}
