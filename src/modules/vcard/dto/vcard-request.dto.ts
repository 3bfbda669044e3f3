import type { Type } from '@nestjs/common';
import { ApiExtraModels, ApiSchema, type ApiSchemaOptions } from '@nestjs/swagger';
import { contactSchemaComponents, type JsonSchema } from '../../../lib/contact';

const REQUEST_SCHEMA_NAME = 'VCardRequest';
const CONTACT_COMPONENTS = contactSchemaComponents();

/**
 * @nestjs/swagger spreads an @ApiSchema's options (all but `name`) over the model's generated
 * schema, so the whole schema from the contact declaration rides on the class: any host's
 * SwaggerModule.createDocument then has the real contact, not an empty object.
 */
function contactSchemaOf(name: string): ApiSchemaOptions {
  const schema: JsonSchema | undefined = CONTACT_COMPONENTS[name];
  if (schema === undefined) throw new Error(`The contact schema has no component named ${name}`);
  return { name, ...schema };
}

/** A model for each nested shape of the contact (ContactName, ContactPhone, ...), named as its component. */
const NESTED_CONTACT_MODELS: Type<unknown>[] = Object.keys(CONTACT_COMPONENTS)
  .filter((name) => name !== REQUEST_SCHEMA_NAME)
  .map((name) => {
    const model = { [name]: class {} }[name];
    ApiSchema(contactSchemaOf(name))(model);
    return model;
  });

/**
 * VCardRequest, the contact, for @ApiBody and nested DTOs. Its schema and its nested shapes are
 * those of the contact declaration (lib/contact), which also drives validation and the MCP tools.
 */
@ApiSchema(contactSchemaOf(REQUEST_SCHEMA_NAME))
@ApiExtraModels(...NESTED_CONTACT_MODELS)
export class VCardRequestDto {}
