import type { MappedContact } from './dialect-table';

const NAME_ORDER = ['prefix', 'given', 'additional', 'family', 'suffix'] as const;

const words = (value: unknown): string => (typeof value === 'string' ? value.trim().replace(/\s+/g, ' ') : '');

/**
 * The display name of a row whose export has no display name (Outlook never writes one; Google's
 * `Name` may be empty): the name parts as "prefix given additional family suffix", else the
 * organization, as a vCard without FN is read. Undefined when neither exists: the contact then
 * fails validation on its required fullName.
 */
export function derivedFullName(contact: MappedContact): string | undefined {
  const name = (contact.name ?? {}) as Record<string, unknown>;
  const fromName = NAME_ORDER.map((part) => words(name[part]))
    .filter((part) => part !== '')
    .join(' ');
  if (fromName !== '') return fromName;
  const organization = words(contact.organization);
  return organization === '' ? undefined : organization;
}
