import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG, ServiceConfig } from '../../options/service-config';
import { API_VERSION, SERVICE_NAME } from '../../options/service-info';
import { CONTACT_TEXT_LIMITS } from '../../lib/contact';
import { PRIVACY_NOTE } from '../vcard/privacy-note';
import type { ProductContextDto } from './dto/product-context.dto';

/** Product metadata for AI agents and developers; served by GET /v1/product and the MCP tool. */
@Injectable()
export class ProductService {
  private readonly context: ProductContextDto;

  constructor(@Inject(SERVICE_CONFIG) config: ServiceConfig) {
    const base = config.publicBaseUrl;
    this.context = {
      name: SERVICE_NAME,
      apiVersion: API_VERSION,
      serviceVersion: config.serviceVersion,
      summary:
        'Turns contact fields sent as JSON into standard vCard 3.0 text, ready to be encoded into a QR code on the client.',
      positioning:
        'A stateless, public payload builder for contact QR codes: correct vCards that phones import, with QR capacity hints. QR rendering happens on the client.',
      privacy: {
        storesContacts: false,
        notes: [
          PRIVACY_NOTE,
          'No account or credential is needed; the service creates no accounts.',
          `Jobs and batches hold contact data only until they expire (${config.jobs.ttlSeconds} seconds after creation).`,
          'Contact values never appear in logs, error messages or URLs.',
        ],
      },
      useCases: [
        'Business-card QR codes that add a contact when scanned',
        'Event badges and conference speaker cards',
        'Email signatures and websites with a "save contact" code',
        'AI agents creating a contact QR payload for a user',
        'Batches of thousands of contacts from a CSV export (POST /v1/batches): badges for an event, cards for a whole company',
      ],
      encoding: {
        format: 'vCard 3.0 (RFC 2426), UTF-8, CRLF line ends',
        qrAdvice:
          'Encode qrPayload as its UTF-8 bytes in QR byte mode, error correction M; never let the QR library transcode to ISO-8859-1 or Shift_JIS. The response field qr gives the byte count and minimum QR version per level.',
        fieldMaxLength: { ...CONTACT_TEXT_LIMITS },
      },
      // 0/0 when the platform embedding the module does its own limiting (rateLimit: false).
      rateLimit: { requests: config.rateLimit?.max ?? 0, windowSeconds: config.rateLimit?.windowSeconds ?? 0 },
      walkthrough: ['GET /v1/health', 'GET /v1/templates', 'POST /v1/vcard', 'parse error.code/hint on errors'],
      integrations: {
        openapi: `${base}/openapi.json`,
        docs: `${base}/docs`,
        errors: `${base}/docs/errors`,
        mcp: `${base}/mcp`,
        app: config.appUrl,
      },
    };
  }

  getContext(): ProductContextDto {
    return this.context;
  }
}
