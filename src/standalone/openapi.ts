import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { AppConfig } from '../config/app-config';
import type { EdgePolicy } from '../http/edge-policy';
import { SERVICE_NAME } from '../options/service-info';
import { buildOpenApiDocument } from '../openapi/build-openapi-document';

/** The standalone service's document: the module's routes, with the /api alias as a second server. */
export function standaloneOpenApiDocument(app: NestFastifyApplication, config: AppConfig): OpenAPIObject {
  return buildOpenApiDocument(app, {
    publicBaseUrl: config.publicBaseUrl,
    extraServers: [{ url: `${config.publicBaseUrl}/api`, description: 'Alias: identical behaviour under /api' }],
  });
}

/** Swagger UI at /docs and the document at /openapi.json, both free of the rate limit. */
export function setupOpenApi(app: NestFastifyApplication, config: AppConfig, policy: EdgePolicy): void {
  for (const path of ['/docs', '/docs/*', '/openapi.json']) policy.declareFreePath(path);
  SwaggerModule.setup('docs', app, () => standaloneOpenApiDocument(app, config), {
    jsonDocumentUrl: 'openapi.json',
    raw: ['json'],
    customSiteTitle: `${SERVICE_NAME} API`,
  });
}
