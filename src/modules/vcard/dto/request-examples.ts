import { CONTACT_REQUIRED_FIELDS, CONTACT_SCHEMA, FIRST_CONTRACT_FIELDS, validateContact } from '../../../lib/contact';
import { encodeVCard } from '../../../lib/vcard';

/**
 * The request example of every route that takes a contact: the contact's required fields and the
 * eight flat text fields, in declaration order, with the examples their declarations give, so that
 * Swagger UI's Try it out sends a real contact instead of a sample it generates from the schema
 * (every optional field, "string" where there is no example).
 */
export const CONTACT_EXAMPLE: Readonly<Record<string, unknown>> = Object.freeze(
  Object.fromEntries(
    Object.keys(CONTACT_SCHEMA.fields)
      .filter((name) => CONTACT_REQUIRED_FIELDS.includes(name) || FIRST_CONTRACT_FIELDS.includes(name))
      .flatMap((name) => {
        const example = CONTACT_SCHEMA.fields[name].example;
        return example === undefined ? [] : [[name, example]];
      }),
  ),
);

/** The vCard 3.0 file the service writes of example contacts, one card after another: a vCard body's example. */
export function vcardFileOf(contacts: readonly unknown[]): string {
  return contacts
    .map((contact) => {
      const checked = validateContact(contact);
      if (!checked.ok) throw new Error('A request example is not a valid contact');
      return encodeVCard(checked.value).vcard;
    })
    .join('');
}

/** The example contact as a vCard file: the example of a one-card import. */
export const VCARD_FILE_EXAMPLE: string = vcardFileOf([CONTACT_EXAMPLE]);
