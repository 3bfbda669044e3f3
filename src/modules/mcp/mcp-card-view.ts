import { Injectable } from '@nestjs/common';
import type { ReadResourceResult, Resource } from '@modelcontextprotocol/server';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { McpFeature } from './mcp-feature';

/** The MCP Apps view create_vcard_qr_code links (`_meta.ui.resourceUri`). */
export const CARD_VIEW_URI = 'ui://vcard/card-view';
/** MCP Apps' media type of an HTML view. */
export const MCP_APP_MEDIA_TYPE = 'text/html;profile=mcp-app';

/**
 * Where scripts/build-mcp-view.mjs writes the view: dist/mcp-view, reached the same way from
 * dist/modules/mcp (npm start, an installed package) and src/modules/mcp (the tests, after a build).
 */
export const CARD_VIEW_FILE = join(resolve(__dirname, '..', '..', '..', 'dist', 'mcp-view'), 'card-view.html');

export const CARD_VIEW_RESOURCE: Resource = {
  uri: CARD_VIEW_URI,
  name: 'card-view',
  title: 'vCard QR code view',
  description:
    "An MCP Apps view of create_vcard_qr_code's result: the code (drawn by the service's renderer, plain or styled), the contact's name and the styled code's check.",
  mimeType: MCP_APP_MEDIA_TYPE,
};

/**
 * The card view as a resource (MCP Apps): one self-contained HTML page (its script and styles
 * inline, no request to anywhere, so it asks the host for no CSP domains), read from the build
 * once and kept. The host shows it in a sandboxed frame and sends it the tool's input and result.
 * An McpFeature: listed among the resources, read in both eras; create_vcard_qr_code links it
 * (`_meta.ui.resourceUri`, mcp-tool-definitions.ts).
 */
@Injectable()
export class McpCardView implements McpFeature {
  readonly resources: readonly Resource[] = [CARD_VIEW_RESOURCE];
  private html: string | undefined;

  /** The view for its URI; undefined for any other URI (the next feature reads those). */
  readResource(uri: string): Promise<ReadResourceResult | undefined> | undefined {
    if (uri !== CARD_VIEW_URI) return undefined;
    this.html ??= this.load();
    return Promise.resolve({
      contents: [{ uri, mimeType: MCP_APP_MEDIA_TYPE, text: this.html, _meta: { ui: { prefersBorder: true } } }],
    });
  }

  private load(): string {
    try {
      return readFileSync(CARD_VIEW_FILE, 'utf8');
    } catch {
      throw new Error(`The MCP card view is missing from ${CARD_VIEW_FILE}: run \`npm run build\`.`);
    }
  }
}
