import { ExecutionContext, Injectable } from '@nestjs/common';
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
  private readonly declarations = new WeakMap<object, QueryDeclaration<unknown>>();

  check(context: ExecutionContext, request: { query?: unknown }): void {
    this.checkFor(context.getHandler(), request);
  }

  /** The same check for a handler known without an execution context; returns the checked query. */
  checkFor(handler: object, request: { query?: unknown }): unknown {
    const query = this.declarationOf(handler).validate(request.query);
    (request as Record<symbol, unknown>)[CHECKED_QUERY] = query;
    return query;
  }

  private declarationOf(handler: object): QueryDeclaration<unknown> {
    let declaration = this.declarations.get(handler);
    if (declaration === undefined) {
      declaration = (Reflect.getMetadata(ROUTE_QUERY, handler) as QueryDeclaration<unknown> | undefined) ?? NO_QUERY;
      this.declarations.set(handler, declaration);
    }
    return declaration;
  }
}
