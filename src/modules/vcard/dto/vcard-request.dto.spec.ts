import { describe, expect, it } from '@jest/globals';
import { generateSchema } from '@nestjs/swagger';
import { contactJsonSchema, contactSchemaComponents } from '../../../lib/contact';
import { dtoJsonSchema } from '../../mcp/dto-json-schema';
import { VCardRequestDto } from './vcard-request.dto';

describe('VCardRequestDto', () => {
  it("gives @nestjs/swagger every component of the contact schema, exactly, from the class's own decorators", () => {
    const { schemas } = generateSchema(VCardRequestDto);
    expect(Object.keys(schemas).sort()).toEqual(Object.keys(contactSchemaComponents()).sort());
    expect(schemas).toEqual(contactSchemaComponents());
    expect(schemas.VCardRequest).toMatchObject({ required: ['fullName'], additionalProperties: false });
  });

  it('inlines to the contact JSON Schema the MCP tools publish', () => {
    expect(dtoJsonSchema(VCardRequestDto)).toEqual(contactJsonSchema());
  });
});
