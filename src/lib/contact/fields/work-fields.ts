import type { Rule } from '../contact-rules';
import { text } from './field-rules';

/** Where the contact works: ORG's two components and the title. */
export const WORK_FIELDS = {
  organization: text(256, {
    firstContract: true,
    description: 'Company or organisation (ORG, first component).',
    example: 'Analytical Engines Ltd',
    card: { kind: 'component', property: 'ORG', index: 0, mecard: 'ORG' },
    csv: { google: ['Organization 1 - Name', 'Organization Name'], outlook: ['Company'] },
    sheet: { line: 2 },
    keptDocs: 'the organization',
    batchExample: { csv: ['Analytical Engines', 'US Navy'] },
    csvHint: { place: 1 },
  }),
  department: text(256, {
    description: 'Department (ORG, second component).',
    example: 'Research',
    card: { kind: 'component', property: 'ORG', index: 1 },
    csv: { google: ['Organization 1 - Department', 'Organization Department'], outlook: ['Department'] },
    budget: { rank: 11, docs: 'department' },
  }),
  title: text(256, {
    firstContract: true,
    description: 'Job title (TITLE).',
    example: 'Principal Engineer',
    card: { kind: 'text', property: 'TITLE' },
    csv: { google: ['Organization 1 - Title', 'Organization Title'], outlook: ['Job Title'] },
    budget: { rank: 10, docs: 'title' },
    sheet: { line: 1 },
  }),
} satisfies Record<string, Rule>;
