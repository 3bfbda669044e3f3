import { Injectable } from '@nestjs/common';
import { ApiError } from '../errors/api-error';
import { validateContact } from '../../lib/contact';
import type { ContactFields } from '../../lib/vcard';

/**
 * The one validation of a contact, for every surface that takes one: REST bodies, jobs, each batch
 * contact (JSON or CSV row) and the MCP tools. The rules are the contact schema's
 * (lib/contact/contact-schema.ts); a rejection is a 400 invalid_request whose details list each
 * issue at its exact path (`phones[1].number`), never the value.
 */
@Injectable()
export class ContactValidator {
  /** The cleaned contact, or throws ApiError invalid_request. */
  validate(body: unknown): ContactFields {
    if (body === undefined || body === null) {
      throw new ApiError('invalid_request', {
        details: { fields: [{ field: '(body)', issue: 'required', message: 'A JSON object body is required.' }], fieldCount: 1 },
      });
    }
    const outcome = validateContact(body);
    if (outcome.ok) return outcome.value;
    throw new ApiError('invalid_request', { details: { fields: outcome.issues, fieldCount: outcome.count } });
  }
}
