import { applyDecorators, UseFilters, UseGuards } from '@nestjs/common';
import { ApiEdgeGuard } from './api-edge.guard';
import { ApiExceptionFilter } from './api-exception.filter';

/**
 * The contract's cross-cutting behaviour, bound to one controller of the module: the Error shape
 * for everything it raises, CORS, the rate limit with its headers, the query's declared
 * parameters. Every module controller carries it, so a host that imports the module gets the
 * contract on the module's routes and nothing on its own (no APP_* globals).
 */
export function ApiRoute(): ClassDecorator {
  return applyDecorators(UseFilters(ApiExceptionFilter), UseGuards(ApiEdgeGuard));
}
