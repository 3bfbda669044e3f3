import type { ObjectRule, Rule } from '../contact-rules';
import { text } from './field-rules';

/** The five parts of a structured name, in the order N lists them. */
export const NAME_PARTS = ['family', 'given', 'additional', 'prefix', 'suffix'] as const;

/** Who the contact is: the display name, the structured name, a nickname. */
export const NAME_FIELDS = {
  fullName: text(256, {
    firstContract: true,
    required: true,
    description: 'Contact display name (FN); N is derived from it unless name is given.',
    example: 'Ada Lovelace',
    importFallback: ['name', 'organization'],
    csv: { google: ['Name'] },
    sheet: { line: 0, label: 'name' },
    fileName: true,
    keptDocs: 'the name',
    batchExample: { json: ['Ada Lovelace', 'Grace Hopper'], csv: ['Ada Lovelace', 'Hopper, Grace'] },
    csvHint: { place: 0 },
    card: [
      { kind: 'name', property: 'N', derived: true, mecard: 'N' },
      { kind: 'text', property: 'FN', mecardCarriedBy: 'N' },
    ],
  }),
  name: {
    kind: 'object',
    entry: true,
    schemaName: 'ContactName',
    needsOneOf: ['family', 'given'],
    display: ['prefix', 'given', 'additional', 'family', 'suffix'],
    description:
      'The structured name (N), in place of the one derived from fullName; FN stays fullName. Family or given is needed.',
    fields: {
      family: text(128, { description: 'Family name(s).', example: 'Lovelace' }),
      given: text(128, { description: 'Given name(s).', example: 'Ada' }),
      additional: text(128, { description: 'Additional (middle) names.', example: 'Augusta' }),
      prefix: text(128, { description: 'Honorific prefixes.', example: 'Countess' }),
      suffix: text(128, { description: 'Honorific suffixes.' }),
    },
    card: { kind: 'name', property: 'N', parts: NAME_PARTS, mecard: 'N' },
    keptDocs: 'the name',
    csvHint: { place: 7, column: 'name.family' },
    csv: {
      google: {
        parts: {
          family: ['Family Name', 'Last Name'],
          given: ['Given Name', 'First Name'],
          additional: ['Additional Name', 'Middle Name'],
          prefix: ['Name Prefix'],
          suffix: ['Name Suffix'],
        },
      },
      // Outlook's `Title` is the honorific (Mr., Dr.); the job is `Job Title`.
      outlook: {
        parts: {
          family: ['Last Name'],
          given: ['First Name'],
          additional: ['Middle Name'],
          prefix: ['Title'],
          suffix: ['Suffix'],
        },
      },
    },
  } satisfies ObjectRule,
  nickname: text(128, {
    description: 'Nickname (NICKNAME).',
    example: 'Ada',
    card: { kind: 'text', property: 'NICKNAME', mecard: 'NICKNAME' },
    csv: { google: ['Nickname'], outlook: ['Nickname'] },
    budget: { rank: 5, docs: 'nickname' },
  }),
} satisfies Record<string, Rule>;
