import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { API_VERSION, SERVICE_NAME } from '../options/service-info';
import { rejectUnknownProperties } from '../core/validation/reject-unknown-properties';
import { DEFAULT_PUBLIC_BASE_URL } from '../options/resolve-service-config';
import { FEATURE_MODULES } from '../vcard-payload.module';
import { withTryableParameters } from './tryable-parameters';

export interface VCardPayloadOpenApiOptions {
  /** The first `servers` entry: where clients reach the host. Default `http://localhost:3000`. */
  publicBaseUrl?: string;
  /** More `servers` entries, e.g. an alias prefix. */
  extraServers?: { url: string; description: string }[];
}

/**
 * An OpenAPI 3.1 document of the module's own routes only (a host's routes are left out), with the
 * request-body schemas closed (unknown fields are rejected, as the validation does) and no two
 * parameters a route refuses together filled in for Swagger UI's Try it out. Call it after
 * the app is created; a host's global prefix is applied to the paths as Swagger applies it.
 */
export function buildOpenApiDocument(app: INestApplication, options: VCardPayloadOpenApiOptions = {}): OpenAPIObject {
  const publicBaseUrl = (options.publicBaseUrl ?? DEFAULT_PUBLIC_BASE_URL).replace(/\/+$/, '');
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
    .addServer(publicBaseUrl, 'Primary');
  for (const server of options.extraServers ?? []) builder.addServer(server.url, server.description);
  const document = SwaggerModule.createDocument(app, builder.build(), { include: FEATURE_MODULES });
  return withTryableParameters(closeRequestBodySchemas(document));
}

/** Marks every component used as a JSON request body as rejecting unknown properties. */
export function closeRequestBodySchemas(document: OpenAPIObject): OpenAPIObject {
  const schemas = document.components?.schemas ?? {};
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item) as {
      requestBody?: { content?: Record<string, { schema?: { $ref?: string } }> };
    }[]) {
      const ref = operation?.requestBody?.content?.['application/json']?.schema?.$ref;
      const name = ref?.replace('#/components/schemas/', '');
      if (name && schemas[name]) schemas[name] = rejectUnknownProperties(schemas[name]);
    }
  }
  return document;
}
