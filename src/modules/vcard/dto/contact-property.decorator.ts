import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsOptional, IsString, ValidateBy } from 'class-validator';
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

function rule(name: string, check: (value: string) => boolean, message: string): PropertyDecorator {
  return ValidateBy({
    name,
    validator: { validate: (value) => typeof value !== 'string' || check(value), defaultMessage: () => message },
  });
}

/**
 * Everything one VCardRequest field needs, from one place: its OpenAPI schema (also the MCP tool
 * schema), cleaning (vcard-encoding.md §0.8, before any check), and validation. Messages name the
 * field and the rule, never the submitted value.
 */
export function ContactProperty(
  field: ContactField,
  docs: { description: string; example: string; format?: string },
): PropertyDecorator {
  const required = field === 'fullName';
  const max = FIELD_MAX_LENGTH[field];
  const schema = { type: 'string' as const, maxLength: max, ...docs, ...(required ? { minLength: 1 } : {}) };
  const format = FORMAT_RULES[field];
  return applyDecorators(
    required ? ApiProperty(schema) : ApiPropertyOptional(schema),
    Transform(({ value }) => {
      if (typeof value !== 'string' || hasLoneSurrogate(value)) return value;
      const cleaned = cleanFieldValue(field, value);
      return cleaned === '' && !required ? undefined : cleaned;
    }),
    required ? IsDefined({ message: `${field} is required` }) : IsOptional(),
    IsString({ message: `${field} must be a string` }),
    rule('invalid_unicode', (v) => !hasLoneSurrogate(v), `${field} contains an unpaired UTF-16 surrogate`),
    rule('required', (v) => v !== '', `${field} must not be empty`),
    rule('too_long', (v) => codePointLength(v) <= max, `${field} must be at most ${max} characters`),
    ...(format ? [rule('format', format.check, format.message)] : []),
  );
}
