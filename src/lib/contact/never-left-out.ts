import type { ObjectRule, Rule } from './contact-rules';

/**
 * Whether the QR budget never empties a field written to the code: it has no budget step, or its
 * step keeps a list's first entry and nothing later takes that one.
 */
function neverLeftOut(rule: Rule): boolean {
  const specs = [rule.card ?? []].flat();
  if (specs.length === 0 || specs.some((spec) => spec.fileOnly)) return false;
  return rule.budget === undefined || (rule.budget.keepFirst === true && rule.budget.firstRank === undefined);
}

/**
 * What the QR budget never leaves out, in the API docs' words ("the name, the organization, the
 * first phone and the first email"): each such field's `keptDocs`, in declaration order, once each.
 * A field the budget never empties must say how the docs name it; one it empties must not.
 */
export function neverLeftOutDocs(schema: ObjectRule): string {
  const words: string[] = [];
  for (const [name, rule] of Object.entries(schema.fields)) {
    if (neverLeftOut(rule) !== (rule.keptDocs !== undefined))
      throw new Error(`${name}: keptDocs names what the QR budget never leaves out, and only that`);
    if (rule.keptDocs !== undefined && !words.includes(rule.keptDocs)) words.push(rule.keptDocs);
  }
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}
