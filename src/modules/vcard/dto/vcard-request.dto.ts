import { ApiSchema } from '@nestjs/swagger';
import { ContactFields } from '../../../lib/vcard';
import { ContactProperty } from './contact-property.decorator';

/**
 * VCardRequest: the single source of truth for REST validation, the OpenAPI schema and the MCP
 * tool's input schema. Unknown properties are rejected.
 */
@ApiSchema({ name: 'VCardRequest' })
export class VCardRequestDto implements ContactFields {
  @ContactProperty('fullName', { description: 'Contact display name (FN); N is derived from it.', example: 'Ada Lovelace' })
  fullName: string;

  @ContactProperty('organization', { description: 'Company or organisation (ORG, one component).', example: 'Analytical Engines Ltd' })
  organization?: string;

  @ContactProperty('title', { description: 'Job title (TITLE).', example: 'Principal Engineer' })
  title?: string;

  @ContactProperty('phone', { description: 'Phone number (TEL;TYPE=WORK,VOICE).', example: '+44 20 7946 0958' })
  phone?: string;

  @ContactProperty('email', { description: 'Email address (EMAIL;TYPE=WORK,INTERNET).', example: 'ada@example.com', format: 'email' })
  email?: string;

  @ContactProperty('website', {
    description: 'http(s) URL (URL); https:// is added to a bare domain.',
    example: 'https://example.com/ada',
    format: 'uri',
  })
  website?: string;

  @ContactProperty('address', {
    description: 'Free-text address; goes into the ADR street component. Line breaks kept.',
    example: "12 St James's Square, London SW1Y 4JH",
  })
  address?: string;

  @ContactProperty('note', {
    description: 'Free-text note (NOTE). Line breaks kept. Some scanners ignore notes.',
    example: 'Met at the QR conference',
  })
  note?: string;
}
