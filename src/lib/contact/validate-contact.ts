import type { ContactFields } from './contact';
import { CONTACT_SCHEMA } from './contact-schema';
import { compileValidator } from './schema-validator';

/** Validates and cleans a contact (a request body, an MCP tool's arguments, a batch contact, a CSV row). */
export const validateContact = compileValidator<ContactFields>(CONTACT_SCHEMA);
