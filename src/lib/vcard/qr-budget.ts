import { CONTACT_SCHEMA, type BudgetRule, type ObjectRule } from '../contact';
import { specsOf, withoutComponent, type CardItem } from './card-items';

/** One step of the QR budget: leaves one thing out of the items, or null when it has nothing left to leave. */
export type BudgetStep = (items: readonly CardItem[]) => { items: CardItem[]; path: string } | null;

interface RankedStep {
  rank: number;
  docs: string;
  step: BudgetStep;
}

/** Leaves out the last item of a declared field's group (a list's entries, the shorthand's included). */
function lastOfGroup(group: string, keepFirst: boolean): BudgetStep {
  return (items) => {
    let last = -1;
    let count = 0;
    for (let i = 0; i < items.length; i++)
      if (items[i].group === group) {
        last = i;
        count++;
      }
    if (count === 0 || (keepFirst && count === 1)) return null;
    return { items: items.filter((_, i) => i !== last), path: items[last].path };
  };
}

/** Empties a component of a shared property (the property goes when none is left). */
function component(field: string, property: string, index: number): BudgetStep {
  return (items) => {
    const at = items.findIndex((item) => item.spec.property === property && item.parts?.[index]);
    if (at < 0) return null;
    const reduced = withoutComponent(items[at], index);
    const next = items.slice();
    if (reduced) next[at] = reduced;
    else next.splice(at, 1);
    return { items: next, path: field };
  };
}

/** The budget's steps of one field, from its declaration. */
function stepsOf(name: string, schema: ObjectRule, budget: BudgetRule): RankedStep[] {
  const rule = schema.fields[name];
  const spec = specsOf(rule)[0];
  if (spec?.kind === 'component')
    return [{ rank: budget.rank, docs: budget.docs, step: component(name, spec.property, spec.index) }];
  const steps: RankedStep[] = [
    { rank: budget.rank, docs: budget.docs, step: lastOfGroup(name, budget.keepFirst === true) },
  ];
  if (budget.firstRank !== undefined)
    steps.push({ rank: budget.firstRank, docs: budget.firstDocs ?? budget.docs, step: lastOfGroup(name, false) });
  return steps;
}

/** The QR budget's order, compiled from the declaration: every field's steps by rank. */
export function compileBudget(schema: ObjectRule = CONTACT_SCHEMA): RankedStep[] {
  return Object.entries(schema.fields)
    .flatMap(([name, rule]) => (rule.budget ? stepsOf(name, schema, rule.budget) : []))
    .sort((a, b) => a.rank - b.rank);
}

const BUDGET = compileBudget();

/** The contact's QR budget steps, in order (docs/contact.md#qr-budget). */
export const BUDGET_STEPS: readonly BudgetStep[] = BUDGET.map(({ step }) => step);

/** The budget's order in words, for the API docs: "categories, social profiles, last first, …". */
export const BUDGET_ORDER_DOCS: string = BUDGET.map(({ docs }) => docs).join('; ');
