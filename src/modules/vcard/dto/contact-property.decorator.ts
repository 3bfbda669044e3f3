import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsOptional, IsString, ValidateBy } from 'class-validator';
import { AcceptedBy, REJECTED } from '../../../core/validation/property-acceptor';
import {
  cleanFieldValue,
  codePointLength,
  ContactField,
  FIELD_MAX_LENGTH,
  hasLoneSurrogate,
  isValidEmail,
  isValidPhone,
  normalizeWebsite,
} from '../../../lib/vcard';

const FORMAT_RULES: Partial<Record<ContactField, { check: (v: string) => boolean; message: string }>> = {
  email: { check: isValidEmail, message: 'email must be a valid email address' },
  phone: {
    check: isValidPhone,
    message: 'phone must hold 3 to 20 digits and only + ( ) - . / and spaces, with an optional extension such as x123',
  },
  website: {
    check: (v) => normalizeWebsite(v) !== null,
    message: 'website must be an http or https URL (a bare domain such as example.com is accepted)',
  },
};

/** One check of a field's value, in the order class-validator runs them; the name is error.details' issue. */
interface ValueRule {
  name: string;
  check: (value: string) => boolean;
  message: string;
}

function rule({ name, check, message }: ValueRule): PropertyDecorator {
  return ValidateBy({
    name,
    validator: { validate: (value) => typeof value !== 'string' || check(value), defaultMessage: () => message },
  });
}

/**
 * Everything one VCardRequest field needs, from one place: its OpenAPI schema (also the MCP tool
 * schema), cleaning (vcard-encoding.md §0.8, before any check), and validation. Messages name the
 * field and the rule, never the submitted value. The same rule table gives both the class-validator
 * constraints (which decide and word every rejection) and the field's acceptor for the compiled
 * fast path (one call instead of a transform and five constraints; see property-acceptor.ts).
 */
export function ContactProperty(field: ContactField, docs: { description: string; example: string; format?: string }): PropertyDecorator {
  const required = field === 'fullName';
  const max = FIELD_MAX_LENGTH[field];
  const schema = { type: 'string' as const, maxLength: max, ...docs, ...(required ? { minLength: 1 } : {}) };
  const format = FORMAT_RULES[field];
  const rules: ValueRule[] = [
    { name: 'invalid_unicode', check: (v) => !hasLoneSurrogate(v), message: `${field} contains an unpaired UTF-16 surrogate` },
    { name: 'required', check: (v) => v !== '', message: `${field} must not be empty` },
    { name: 'too_long', check: (v) => codePointLength(v) <= max, message: `${field} must be at most ${max} characters` },
    ...(format ? [{ name: 'format', ...format }] : []),
  ];
  const [unicodeRule, ...cleanedRules] = rules;
  return applyDecorators(
    required ? ApiProperty(schema) : ApiPropertyOptional(schema),
    Transform(({ value }) => {
      if (typeof value !== 'string' || hasLoneSurrogate(value)) return value;
      const cleaned = cleanFieldValue(field, value);
      return cleaned === '' && !required ? undefined : cleaned;
    }),
    required ? IsDefined({ message: `${field} is required` }) : IsOptional(),
    IsString({ message: `${field} must be a string` }),
    ...rules.map(rule),
    AcceptedBy((value) => {
      // IsDefined / IsOptional: absence and null.
      if (value === undefined || value === null) return required ? REJECTED : value;
      // As the @Transform: a value with a lone surrogate is not cleaned (cleaning could join its
      // halves into a valid pair), so invalid_unicode decides on the raw value, the others after.
      if (typeof value !== 'string' || !unicodeRule.check(value)) return REJECTED;
      const cleaned = cleanFieldValue(field, value);
      if (cleaned === '') return required ? REJECTED : undefined;
      return cleanedRules.every((r) => r.check(cleaned)) ? cleaned : REJECTED;
    }),
  );
}
