import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import type { QueryDeclaration } from '../core/validation/query-declaration';

/** Where a route keeps its query declaration (read by RouteQueryCheck). */
export const ROUTE_QUERY = Symbol('route-query');
/** Where RouteQueryCheck leaves the checked query on the request, for @CheckedQuery(). */
export const CHECKED_QUERY = Symbol('checked-query');

/**
 * Declares a route's query parameters: ApiEdgeGuard checks the query against them (RouteQueryCheck) before the
 * handler (and before its body is judged), and the OpenAPI document lists them. A route without
 * this takes no query parameter at all.
 */
export function RouteQuery(declaration: QueryDeclaration<unknown>): MethodDecorator {
  const schemas = declaration.schemas();
  return applyDecorators(
    SetMetadata(ROUTE_QUERY, declaration),
    ...declaration.names.map((name) => {
      const { description, ...schema } = schemas[name];
      return ApiQuery({
        name,
        required: false,
        ...(description !== undefined ? { description: description as string } : {}),
        schema,
      });
    }),
  );
}

/**
 * The query as RouteQueryCheck checked it against the route's declaration. The request is read by
 * index (argument 0 of an HTTP context), as @IdempotencyKey() reads it.
 */
export const CheckedQuery = createParamDecorator((_data: unknown, context: ExecutionContext): unknown =>
  checkedQueryOf(context.getArgByIndex<object>(0)),
);

/** What @CheckedQuery() gives, for a handler that takes the request itself. */
export function checkedQueryOf<Query>(request: object): Query {
  return (request as Record<symbol, Query>)[CHECKED_QUERY];
}
