/**
 * A single optional query parameter as text, as ValidationPipe turns a `string`-typed @Query
 * parameter: undefined when absent, else String(value), so a repeated parameter (an array from
 * the query-string parser) becomes "a,b" and fails like any other unknown value.
 */
export function optionalQueryString(value: unknown): string | undefined {
  return value === undefined ? undefined : String(value);
}
