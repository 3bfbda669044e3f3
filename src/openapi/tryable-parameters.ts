import type { OpenAPIObject } from '@nestjs/swagger';

/**
 * Query parameters a route refuses together (400 invalid_query): `size` decides the scale, and a
 * stream follows one job or one batch.
 */
const EXCLUSIVE_PARAMETERS: ReadonlyArray<readonly [string, string]> = [
  ['size', 'scale'],
  ['jobId', 'batchId'],
];

interface QueryParameter {
  name: string;
  in: string;
  description?: string;
  schema?: { default?: unknown; example?: unknown };
  example?: unknown;
}

/**
 * Swagger UI's "Try it out" fills each parameter with its example, else its schema's default, and
 * sends every filled one. Of two parameters a route refuses together neither may be filled, or the
 * untouched request (and any request that sets only the other one) is a 400: their examples are
 * left out (the descriptions give the forms) and a default moves into the description, said with
 * the condition it holds under. The document changes in no other way. (A parameter whose absence
 * the answer tells from its default, such as `format`, declares no schema default at all.)
 */
export function withTryableParameters(document: OpenAPIObject): OpenAPIObject {
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item) as Array<{ parameters?: QueryParameter[] }>) {
      if (operation?.parameters === undefined) continue;
      const query = new Set(operation.parameters.filter((p) => p.in === 'query').map((p) => p.name));
      const others = new Map<string, string>();
      for (const [one, other] of EXCLUSIVE_PARAMETERS) {
        if (!query.has(one) || !query.has(other)) continue;
        others.set(one, other);
        others.set(other, one);
      }
      operation.parameters = operation.parameters.map((parameter) => {
        const other = parameter.in === 'query' ? others.get(parameter.name) : undefined;
        return other === undefined ? parameter : unfilled(parameter, other);
      });
    }
  }
  return document;
}

/**
 * A copy of a parameter (the decorators' metadata stays as it is) that Try it out leaves empty: no
 * example, and its default in words, as holding without `other`.
 */
function unfilled(parameter: QueryParameter, other: string): QueryParameter {
  const { example: _example, schema, ...rest } = parameter;
  if (schema === undefined) return rest;
  const { example: _schemaExample, default: fallback, ...kept } = schema;
  if (fallback === undefined) return { ...rest, schema: kept };
  const words = `Default ${JSON.stringify(fallback)} without ${other}.`;
  return {
    ...rest,
    description: rest.description === undefined ? words : `${rest.description} ${words}`,
    schema: kept,
  };
}
