import { expect } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

type Doc = { paths: Record<string, Record<string, { responses: Record<string, ResponseObject> }>> };
type ResponseObject = { content?: Record<string, { schema: object }> };

/**
 * Checks real responses against the service's own OpenAPI document, so the published schemas
 * cannot drift from behaviour. OpenAPI 3.1 schemas are JSON Schema 2020-12.
 */
export class OpenApiContract {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly cache = new Map<string, ValidateFunction>();

  private constructor(private readonly doc: Doc) {
    addFormats(this.ajv);
    this.ajv.addSchema(doc as object, 'openapi');
  }

  static async load(app: NestFastifyApplication): Promise<OpenApiContract> {
    const res = await app.inject({ method: 'GET', url: '/openapi.json' });
    return new OpenApiContract(res.json() as Doc);
  }

  /** Asserts that `body` is a documented `status` response of `method path` (path as in the doc). */
  expectResponse(method: string, path: string, status: number, body: unknown): void {
    const operation = this.doc.paths[path]?.[method.toLowerCase()];
    expect(operation).toBeDefined();
    const response = operation!.responses[String(status)];
    if (response === undefined) throw new Error(`${method} ${path} does not document status ${status}`);
    const key = `${method} ${path} ${status}`;
    let validate = this.cache.get(key);
    if (!validate) {
      const pointer = `openapi#/paths/${path.replace(/~/g, '~0').replace(/\//g, '~1')}/${method.toLowerCase()}/responses/${status}/content/application~1json/schema`;
      validate = this.ajv.compile({ $ref: pointer });
      this.cache.set(key, validate);
    }
    const valid = validate(body);
    if (!valid) throw new Error(`${key}: ${this.ajv.errorsText(validate.errors)}`);
  }
}
