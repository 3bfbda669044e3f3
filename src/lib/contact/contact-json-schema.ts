import type { ObjectRule, Rule } from './contact-rules';

export type JsonSchema = { [keyword: string]: unknown };

function docOf(rule: Rule): JsonSchema {
  const doc: JsonSchema = {};
  if (rule.description !== undefined) doc.description = rule.description;
  if (rule.example !== undefined) doc.example = rule.example;
  if (rule.format !== undefined) doc.format = rule.format;
  return rule.judged ? { ...rule.judged, ...doc } : doc;
}

/**
 * The JSON Schema of a rule tree. With `components`, each named nested object (ContactPhone, ...)
 * is put there once and referred to by `#/components/schemas/<name>` (the OpenAPI document);
 * without, everything is inline (an MCP tool's input schema). `additionalProperties: false`
 * everywhere, because the validator rejects unknown keys at every level.
 */
export function ruleJsonSchema(rule: Rule, components?: Record<string, JsonSchema>, isRoot = true): JsonSchema {
  switch (rule.kind) {
    case 'text':
      return {
        type: 'string',
        ...(rule.max !== Infinity ? { maxLength: rule.max } : {}),
        ...docOf(rule),
        ...(rule.required ? { minLength: 1 } : {}),
      };
    case 'choice':
      return {
        type: 'string',
        enum: [...rule.values],
        ...(rule.default !== undefined ? { default: rule.default } : {}),
        ...docOf(rule),
      };
    case 'flag':
      return { type: 'boolean', ...docOf(rule) };
    case 'integer':
      return {
        type: 'integer',
        minimum: rule.minimum,
        maximum: rule.maximum,
        ...(rule.default !== undefined ? { default: rule.default } : {}),
        ...docOf(rule),
      };
    case 'number':
      return { type: 'number', ...docOf(rule) };
    case 'list':
      return {
        type: 'array',
        maxItems: rule.max,
        items: ruleJsonSchema(rule.items, components, false),
        ...docOf(rule),
      };
    case 'object':
      return objectSchema(rule, components, isRoot);
    case 'textOrObject':
      return {
        oneOf: [ruleJsonSchema(rule.text, components, false), ruleJsonSchema(rule.object, components, false)],
        ...docOf(rule),
      };
  }
}

function objectSchema(
  rule: ObjectRule,
  components: Record<string, JsonSchema> | undefined,
  isRoot: boolean,
): JsonSchema {
  const schema: JsonSchema = {
    type: 'object',
    properties: Object.fromEntries(
      Object.entries(rule.fields).map(([name, field]) => [name, ruleJsonSchema(field, components, false)]),
    ),
  };
  const required = Object.entries(rule.fields).filter(([, field]) => field.kind === 'text' && field.required);
  if (required.length > 0) schema.required = required.map(([name]) => name);
  schema.additionalProperties = false;
  if (!components || isRoot || rule.schemaName === undefined) return { ...schema, ...docOf(rule) };
  components[rule.schemaName] = schema;
  // OpenAPI 3.1: a $ref may carry a description beside it.
  return { $ref: `#/components/schemas/${rule.schemaName}`, ...docOf(rule) };
}
