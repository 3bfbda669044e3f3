import type { JsonSchema } from './dto-json-schema';

/**
 * A tool's schema as an agent reads it, compact: every tool's schema stands alone (the contact's is
 * in three of them), so examples go, and descriptions stay only for the properties at the top
 * (`depth` levels of properties keep theirs; nested shapes are self-explaining by their names,
 * types and enums).
 */
export function compactSchema(schema: unknown, depth = 1): unknown {
  if (Array.isArray(schema)) return schema.map((item) => compactSchema(item, depth));
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema as JsonSchema)) {
    if (key === 'example' || key === 'examples') continue;
    if (key === 'description' && depth < 0) continue;
    if (key === 'properties' && typeof value === 'object' && value !== null) {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, child]) => [name, compactSchema(child, depth - 1)]),
      );
    } else if (key === 'enum' || key === 'default' || key === 'const') out[key] = value;
    else out[key] = compactSchema(value, depth);
  }
  return out;
}

/**
 * A schema with some keywords left out at every depth: a second copy of a schema that a tool
 * describes in full (the contact of create_vcard_payload) keeps its names, types, sets and formats,
 * and points at the full one for its limits.
 */
export function withoutKeywords(schema: unknown, keywords: readonly string[]): unknown {
  if (Array.isArray(schema)) return schema.map((item) => withoutKeywords(item, keywords));
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema as JsonSchema)) {
    if (keywords.includes(key)) continue;
    if (key === 'enum' || key === 'const') out[key] = value;
    // Property names are names, not keywords: a property called format stays.
    else if (key === 'properties' && typeof value === 'object' && value !== null)
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, child]) => [name, withoutKeywords(child, keywords)]),
      );
    else out[key] = withoutKeywords(value, keywords);
  }
  return out;
}
