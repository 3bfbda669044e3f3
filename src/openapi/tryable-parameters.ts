import type { OpenAPIObject } from '@nestjs/swagger';

/**
 * Query parameters a route refuses together (400 invalid_query): `size` decides the scale, and a
 * stream follows one job or one batch.
 */
const EXCLUSIVE_PARAMETERS: ReadonlyArray<readonly [string, string]> = [
  ['size', 'scale'],
  ['jobId', 'batchId'],
];

/**
 * Parameters whose default is what their absence means, but whose presence the answer shows: a
 * card asked for with a format names it (`format`, `qr.omitted`), and one asked for without takes
 * the 4.0 that an Accept of text/vcard;version=4.0 asks for. Try it out must not send them unasked;
 * their descriptions name the default.
 */
const DEFAULTS_NOT_SENT: ReadonlySet<string> = new Set(['format']);

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
 * the condition it holds under. A default that the answer tells from an absent parameter is left
 * out of the schema (DEFAULTS_NOT_SENT). The document changes in no other way.
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
        if (parameter.in !== 'query') return parameter;
        const other = others.get(parameter.name);
        if (other !== undefined) return unfilled(parameter, other);
        if (!DEFAULTS_NOT_SENT.has(parameter.name) || parameter.schema === undefined) return parameter;
        const { default: _sent, ...schema } = parameter.schema;
        return { ...parameter, schema };
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
