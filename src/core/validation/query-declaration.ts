import { compileValidator, ruleJsonSchema, type ObjectRule, type Rule } from '../../lib/contact';
import { ApiError } from '../errors/api-error';

/**
 * A route's query parameters, declared once as rules: the same engine as a contact's validates
 * them (one rejected parameter is a 400 invalid_query naming it), the OpenAPI document lists them
 * and the MCP tools offer them as arguments. A parameter the route does not declare is refused.
 */
export interface QueryDeclaration<T> {
  readonly rule: ObjectRule;
  /** The parameters in declaration order. */
  readonly names: readonly string[];
  /**
   * The checked query; throws ApiError invalid_query. Absent parameters stay absent (a default is
   * documented, and applied where the parameter is used: an absent `format` is a vCard 3.0 card).
   */
  validate(query: unknown): T;
  /** Each parameter's JSON schema (with its description), for OpenAPI and MCP. */
  schemas(): Record<string, Record<string, unknown>>;
}

/** Declares a query of these parameters (see QueryDeclaration). */
export function declareQuery<T>(parameters: Record<string, Rule>): QueryDeclaration<T> {
  const rule: ObjectRule = { kind: 'object', fields: parameters };
  const validator = compileValidator<Record<string, unknown>>(rule);
  const names = Object.keys(parameters);
  // An empty query is what most requests send: when the rules take it as it is (no parameter is
  // required or given a value), it is checked once here, not on every request.
  const empty = validator({});
  const emptyIsValid = empty.ok && Object.keys(empty.value).length === 0;
  return {
    rule,
    names,
    validate(query) {
      if (emptyIsValid && hasNoParameters(query)) return {} as T;
      const outcome = validator(asParameters(query));
      if (!outcome.ok) throw invalidQuery(outcome.issues[0], names);
      return outcome.value as T;
    },
    schemas() {
      return Object.fromEntries(names.map((name) => [name, ruleJsonSchema(parameters[name], undefined, false)]));
    },
  };
}

/** A route that takes no query parameter: any one is refused. */
export const NO_QUERY = declareQuery<Record<string, never>>({});

/** Whether a parsed query holds no parameter at all (asParameters() reads it as `{}`). */
function hasNoParameters(query: unknown): boolean {
  if (typeof query !== 'object' || query === null) return true;
  for (const name in query) if (Object.hasOwn(query, name)) return false;
  return true;
}

/**
 * A query string's values as the rules read them: a repeated parameter (an array from the
 * query-string parser) is joined by commas, so it fails its rule like any other value outside it.
 */
function asParameters(query: unknown): unknown {
  if (typeof query !== 'object' || query === null) return {};
  let joined: Record<string, unknown> | undefined;
  for (const [name, value] of Object.entries(query)) {
    if (!Array.isArray(value)) continue;
    joined ??= { ...query };
    joined[name] = value.join(',');
  }
  return joined ?? query;
}

function invalidQuery(issue: { field: string; issue: string; message: string }, names: readonly string[]): ApiError {
  const parameter = issue.field;
  if (issue.issue === 'unknown') {
    return new ApiError('invalid_query', {
      message: `The query parameter ${parameter} is not one this route takes.`,
      hint:
        names.length > 0
          ? `Remove ${parameter} or correct its spelling; this route takes ${names.join(', ')}.`
          : `Remove ${parameter}; this route takes no query parameters.`,
      details: { parameter, issue: 'unknown' },
    });
  }
  return new ApiError('invalid_query', {
    message: `The query parameter ${parameter} is invalid: ${issue.message}`,
    details: { parameter, issue: issue.issue },
  });
}
