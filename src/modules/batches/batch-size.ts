import { invalidField } from '../../core/validation/invalid-request';

/** The 400 of a batch of fewer than one or more than `maxContacts` contacts, whatever the body. */
export function batchSizeError(maxContacts: number): Error {
  return invalidField('contacts', 'size', `A batch holds 1 to ${maxContacts} contacts`, { maxContacts });
}
