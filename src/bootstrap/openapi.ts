import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { AppConfig } from '../config/app-config';
import { API_VERSION, SERVICE_NAME } from '../config/service-info';
import { rejectUnknownProperties } from '../core/validation/reject-unknown-properties';

export function buildOpenApiDocument(app: NestFastifyApplication, config: AppConfig): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle(SERVICE_NAME)
    .setDescription(
      'Turns contact fields sent as JSON into standard vCard 3.0 text, ready to be encoded into a QR ' +
        'code on the client. Public (no credentials), CORS-open, rate-limited; stores no contacts. ' +
        'Every path is also served under the /api prefix (second server entry). Encode `qrPayload` as ' +
        'its UTF-8 bytes in QR byte mode; never let the QR library transcode it to ISO-8859-1.',
    )
    .setVersion(API_VERSION)
    .addServer(config.publicBaseUrl, 'Primary')
    .addServer(`${config.publicBaseUrl}/api`, 'Alias: identical behaviour under /api');
  return closeRequestBodySchemas(SwaggerModule.createDocument(app, builder.build()));
}

/** Marks every component used as a JSON request body as rejecting unknown properties. */
function closeRequestBodySchemas(document: OpenAPIObject): OpenAPIObject {
  const schemas = document.components?.schemas ?? {};
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item) as { requestBody?: { content?: Record<string, { schema?: { $ref?: string } }> } }[]) {
      const ref = operation?.requestBody?.content?.['application/json']?.schema?.$ref;
      const name = ref?.replace('#/components/schemas/', '');
      if (name && schemas[name]) schemas[name] = rejectUnknownProperties(schemas[name]);
    }
  }
  return document;
}

/** Swagger UI at /docs and the document at /openapi.json. */
export function setupOpenApi(app: NestFastifyApplication, config: AppConfig): void {
  SwaggerModule.setup('docs', app, () => buildOpenApiDocument(app, config), {
    jsonDocumentUrl: 'openapi.json',
    raw: ['json'],
    customSiteTitle: `${SERVICE_NAME} API`,
  });
}
