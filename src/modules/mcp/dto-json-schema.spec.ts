import { describe, expect, it } from '@jest/globals';
import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { dtoJsonSchema, inlineSchema } from './dto-json-schema';

class InnerDto {
  @ApiProperty({ type: 'integer', nullable: true, example: 3 })
  count: number | null;
}

@ApiSchema({ name: 'Outer' })
class OuterDto {
  @ApiProperty({ description: 'A described nested DTO', type: InnerDto })
  described: InnerDto;

  @ApiProperty({ type: InnerDto })
  plain: InnerDto;

  @ApiPropertyOptional({ enum: ['a', 'b'], example: 'a' })
  choice?: string;
}

describe('dtoJsonSchema', () => {
  it('inlines nested DTOs, converts nullable to a type union and finds @ApiSchema-renamed DTOs', () => {
    const inner = {
      type: 'object',
      properties: { count: { type: ['integer', 'null'], example: 3 } },
      required: ['count'],
    };
    expect(dtoJsonSchema(OuterDto)).toEqual({
      type: 'object',
      properties: {
        described: { ...inner, description: 'A described nested DTO' },
        plain: inner,
        choice: { type: 'string', enum: ['a', 'b'], example: 'a' },
      },
      required: ['described', 'plain'],
    });
  });
});

describe('inlineSchema', () => {
  it('leaves plain JSON Schema unchanged (idempotent on OpenAPI 3.1 output)', () => {
    const schema = { type: 'object', properties: { n: { type: ['integer', 'null'] } }, required: ['n'] };
    expect(inlineSchema(schema, {})).toEqual(schema);
    expect(inlineSchema(inlineSchema(schema, {}), {})).toEqual(schema);
  });

  it('does not treat data keywords or property names as schema keywords', () => {
    const schema = {
      type: 'object',
      properties: { nullable: { type: 'boolean' }, $ref: { type: 'string' } },
      example: { $ref: '#/components/schemas/Nope', nullable: true },
    };
    expect(inlineSchema(schema, {})).toEqual(schema);
  });

  it('makes a nullable reference a null-admitting type, or wraps it in anyOf when it has no type', () => {
    const components = { A: { type: 'object', properties: {} }, B: { enum: ['x'] } };
    expect(inlineSchema({ allOf: [{ $ref: '#/components/schemas/A' }], nullable: true }, components)).toEqual({
      type: ['object', 'null'],
      properties: {},
    });
    expect(inlineSchema({ $ref: '#/components/schemas/B', nullable: true }, components)).toEqual({
      anyOf: [{ enum: ['x'] }, { type: 'null' }],
    });
  });

  it('refuses a self-referencing schema and an unknown component', () => {
    const loop = { L: { type: 'object', properties: { next: { $ref: '#/components/schemas/L' } } } };
    expect(() => inlineSchema({ $ref: '#/components/schemas/L' }, loop)).toThrow(/refers to itself/);
    expect(() => inlineSchema({ $ref: '#/components/schemas/Missing' }, {})).toThrow(/not among/);
  });
});
