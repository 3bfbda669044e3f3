import type { ObjectRule } from './contact-rules';

/** Where a printed sheet's text line is read from a card: a property's value, or one component of it. */
export interface SheetLineSource {
  /** How the sheet's report names the line. */
  label: string;
  /** The property's names (3.0, and 4.0 when it differs), upper case. */
  properties: readonly string[];
  /** The component of a compound value (ORG's first); the whole value when absent. */
  component?: number;
}

/**
 * The text lines of a printed sheet's item, in line order, from the fields that declare a `sheet`
 * line: each read from the field's text or component card property.
 */
export function sheetLinesOf(schema: ObjectRule): SheetLineSource[] {
  return Object.entries(schema.fields)
    .flatMap(([name, rule]) => {
      if (rule.sheet === undefined) return [];
      const spec = [rule.card ?? []].flat().find((card) => card.kind === 'text' || card.kind === 'component');
      if (spec === undefined) throw new Error(`${name}: a sheet line is read from a text or component property`);
      const source: SheetLineSource = {
        label: rule.sheet.label ?? name,
        properties: spec.v4 === undefined ? [spec.property] : [spec.property, spec.v4],
        ...(spec.kind === 'component' ? { component: spec.index } : {}),
      };
      return [{ line: rule.sheet.line, source }];
    })
    .sort((a, b) => a.line - b.line)
    .map(({ source }) => source);
}

/** The fields that declare a `sheet` line, in line order (the first is the large one). */
export function sheetFieldsOf(schema: ObjectRule): string[] {
  return Object.entries(schema.fields)
    .flatMap(([name, rule]) => (rule.sheet === undefined ? [] : [{ name, line: rule.sheet.line }]))
    .sort((a, b) => a.line - b.line)
    .map(({ name }) => name);
}
