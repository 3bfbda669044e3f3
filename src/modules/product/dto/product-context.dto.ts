import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';

@ApiSchema({ name: 'ProductPrivacy' })
class PrivacyDto {
  @ApiProperty({ example: false })
  storesContacts: boolean;

  @ApiProperty({ type: [String] })
  notes: string[];
}

@ApiSchema({ name: 'ProductEncoding' })
class EncodingDto {
  @ApiProperty()
  format: string;

  @ApiProperty()
  qrAdvice: string;

  @ApiProperty({
    description: 'Maximum length of each VCardRequest field, in characters (code points) after cleaning.',
    type: 'object',
    additionalProperties: { type: 'integer' },
  })
  fieldMaxLength: Record<string, number>;
}

@ApiSchema({ name: 'ProductRateLimit' })
class RateLimitInfoDto {
  @ApiProperty({ example: 120 })
  requests: number;

  @ApiProperty({ example: 60 })
  windowSeconds: number;
}

@ApiSchema({ name: 'ProductIntegrations' })
class IntegrationsDto {
  @ApiProperty({ format: 'uri' })
  openapi: string;

  @ApiProperty({ format: 'uri' })
  docs: string;

  @ApiProperty({ format: 'uri' })
  errors: string;

  @ApiProperty({ format: 'uri', description: 'MCP Streamable HTTP endpoint.' })
  mcp: string;

  @ApiPropertyOptional({
    type: 'string',
    format: 'uri',
    nullable: true,
    description:
      'The authenticated application for dynamic QR profiles, analytics and billing (APP_URL); null when not configured.',
  })
  app: string | null;
}

/** ProductContext: the contract allows additional properties; these are the ones this service sends. */
@ApiSchema({ name: 'ProductContext' })
export class ProductContextDto {
  @ApiProperty({ example: 'vcard-payload-service' })
  name: string;

  @ApiProperty({ description: 'Date-form API version.', example: '2026-11-20' })
  apiVersion: string;

  @ApiProperty({ example: '1.0.0' })
  serviceVersion: string;

  @ApiProperty()
  summary: string;

  @ApiProperty()
  positioning: string;

  @ApiProperty({ type: PrivacyDto })
  privacy: PrivacyDto;

  @ApiProperty({ type: [String] })
  useCases: string[];

  @ApiProperty({ type: EncodingDto })
  encoding: EncodingDto;

  @ApiProperty({ type: RateLimitInfoDto })
  rateLimit: RateLimitInfoDto;

  @ApiProperty({ type: [String], description: 'Suggested order of calls for a new client.' })
  walkthrough: string[];

  @ApiProperty({ type: IntegrationsDto })
  integrations: IntegrationsDto;
}
