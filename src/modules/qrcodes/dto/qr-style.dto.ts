import type { Type } from '@nestjs/common';
import { ApiExtraModels, ApiSchema } from '@nestjs/swagger';
import { ruleJsonSchema, type JsonSchema } from '../../../lib/contact';
import { QR_STYLE_RULE } from '../../../lib/qr/style/qr-style-rule';

const STYLE_COMPONENTS: Record<string, JsonSchema> = {};
const STYLE_SCHEMA = ruleJsonSchema(QR_STYLE_RULE, STYLE_COMPONENTS);

/** A model for each nested shape of the style (QrStyleColors, QrStyleLogo, QrStyleFrame), named as its component. */
const NESTED_STYLE_MODELS: Type<unknown>[] = Object.entries(STYLE_COMPONENTS).map(([name, schema]) => {
  const model = { [name]: class {} }[name];
  ApiSchema({ name, ...schema })(model);
  return model;
});

/**
 * QrStyle, for @ApiBody and nested DTOs: its schema is the style's rule (lib/qr/style), which also
 * checks the shape of every style the service reads and gives the MCP tool its argument.
 */
@ApiSchema({ name: 'QrStyle', ...STYLE_SCHEMA })
@ApiExtraModels(...NESTED_STYLE_MODELS)
export class QrStyleDto {}

/** The body of POST /v1/qrcodes. */
@ApiSchema({
  name: 'QrCodeRequest',
  type: 'object',
  required: ['contact'],
  additionalProperties: false,
  properties: {
    contact: { $ref: '#/components/schemas/VCardRequest' },
    style: { $ref: '#/components/schemas/QrStyle' },
  },
} as never)
@ApiExtraModels(QrStyleDto)
export class QrCodeRequestDto {}

/** The logo of the style example: a red disc, an SVG of 108 bytes. */
const EXAMPLE_LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><circle cx="2" cy="2" r="2" fill="#c0392b"/></svg>';

/**
 * The style of the request examples (POST /v1/qrcodes, PUT /v1/batches/{batchId}/style): the
 * style's own examples (its dark colour, its caption), rounded shapes and a tiny inline logo, a
 * style the check reads back, so Try it out answers a styled code.
 */
export const QR_STYLE_EXAMPLE = Object.freeze({
  colors: { dark: '#1a3a6b' },
  modules: 'rounded',
  finders: 'rounded',
  logo: { image: `data:image/svg+xml;base64,${Buffer.from(EXAMPLE_LOGO_SVG).toString('base64')}` },
  frame: { caption: 'Scan to save my contact' },
});
