import { ApiSchema } from '@nestjs/swagger';

/**
 * VCardRequest, the contact, as a name for @ApiBody and nested DTOs. Its schema is not declared
 * here: the OpenAPI document and the MCP tools take it from the contact schema
 * (lib/contact/contact-schema.ts, through contactSchemaComponents), which also drives validation.
 */
@ApiSchema({ name: 'VCardRequest' })
export class VCardRequestDto {}
