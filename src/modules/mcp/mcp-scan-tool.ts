import { Inject, Injectable } from '@nestjs/common';
import type { CallToolResult, Tool } from '@modelcontextprotocol/server';
import { ApiError } from '../../core/errors/api-error';
import { invalidField } from '../../core/validation/invalid-request';
import { SERVICE_CONFIG, ServiceConfig } from '../../options/service-config';
import { ScansService } from '../scans/scans.service';
import { onlyArguments, structuredResult } from './mcp-results';
import { object, READ_ONLY } from './mcp-tool-parts';

const MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
/** A data URL's head: its media type (optional) and its parameters, base64 last. */
const DATA_URL = /^data:([a-z]+\/[a-z0-9.+-]+)?((?:;[a-z0-9-]+(?:=[^;,]*)?)*);base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/**
 * The answer's shape, its top only: the list an agent reads is held to 24,000 bytes, each code's
 * fields are named in the description, and the whole schema is ScanAnswer in /openapi.json.
 */
const SCAN_ANSWER_SHAPE = {
  type: 'object',
  properties: { image: { type: 'object' }, codes: { type: 'array', items: { type: 'object' } } },
  required: ['image', 'codes'],
};

/** The bytes of the MCP request a scan's image takes as base64 (4 characters for 3 bytes) beside its JSON. */
export function mcpScanBodyLimit(scanLimitBytes: number): number {
  return Math.ceil(scanLimitBytes / 3) * 4 + 64 * 1024;
}

/** read_qr_code: exactly the POST /v1/scans path, the image given as base64 or a data URL. */
export function scanToolDefinition(): Tool {
  return {
    name: 'read_qr_code',
    title: 'Read QR codes in an image',
    description:
      'Reads the QR codes in a PNG, JPEG or WebP: per code position (4 corners), version, level, text, readBy, report (module px, quiet zone, contrast, causes, advice) and, for a vCard or MECARD, import as import_vcard gives it. As POST /v1/scans; none: no_code_found.',
    inputSchema: object(
      {
        image: { type: 'string', minLength: 1, description: 'The file as base64, or a data: URL.' },
        mediaType: { enum: MEDIA_TYPES },
      },
      ['image'],
    ),
    outputSchema: SCAN_ANSWER_SHAPE as Tool['outputSchema'],
    annotations: READ_ONLY,
  };
}

/** The tool's handler: the image's bytes within the scan's limit, then ScansService as the route calls it. */
@Injectable()
export class McpScanTool {
  readonly definition = scanToolDefinition();

  constructor(
    private readonly scans: ScansService,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
  ) {}

  async call(args: Record<string, unknown>): Promise<CallToolResult> {
    onlyArguments(args, ['image', 'mediaType']);
    const { bytes, mediaType } = imageArgument(args, this.config.bodyLimits.scan);
    // As the route: a full scan pool refuses the call (scanner_busy) instead of queueing it.
    return structuredResult(await this.scans.scan(bytes, mediaType, 'refuse'));
  }
}

/** The image's bytes and type from the arguments; a 400 naming the argument, or a 413, otherwise. */
function imageArgument(args: Record<string, unknown>, limitBytes: number): { bytes: Buffer; mediaType: string } {
  const { image, mediaType } = args;
  if (typeof image !== 'string' || image === '')
    throw invalidField('image', image === undefined ? 'required' : 'type', 'image must be base64 or a data URL');
  if (mediaType !== undefined && !MEDIA_TYPES.includes(mediaType as string))
    throw invalidField('mediaType', 'enum', `mediaType must be one of ${MEDIA_TYPES.join(', ')}`);
  const head = DATA_URL.exec(image.slice(0, 256));
  const declared = head?.[1]?.toLowerCase();
  if (declared !== undefined && mediaType !== undefined && declared !== mediaType)
    throw invalidField('mediaType', 'conflict', "mediaType differs from the data URL's type");
  const text = (head ? image.slice(head[0].length) : image).replace(/\s+/g, '');
  if (!BASE64.test(text) && !BASE64URL.test(text))
    throw invalidField('image', 'format', 'image must be base64 (or base64url), or a data URL with ;base64');
  if (Math.floor((text.replace(/=+$/, '').length * 3) / 4) > limitBytes)
    throw new ApiError('payload_too_large', { details: { maxBytes: limitBytes } });
  // The service reads the type from the bytes when none is declared (a data URL's own type may be any).
  const type = (mediaType as string | undefined) ?? declared ?? 'application/octet-stream';
  return { bytes: Buffer.from(text, BASE64.test(text) ? 'base64' : 'base64url'), mediaType: type };
}
