import type { Icon } from '@modelcontextprotocol/server';

/**
 * The server's and its tools' icon: a QR code's three finder patterns beside a card's lines,
 * drawn as SVG so it is sharp at any size and small enough to serve from memory.
 */
export const MCP_ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48">' +
  '<rect width="48" height="48" rx="8" fill="#fff"/>' +
  '<g fill="none" stroke="#1a3a6b" stroke-width="3">' +
  '<rect x="6.5" y="6.5" width="13" height="13"/><rect x="28.5" y="6.5" width="13" height="13"/>' +
  '<rect x="6.5" y="28.5" width="13" height="13"/></g>' +
  '<g fill="#1a3a6b"><rect x="11" y="11" width="4" height="4"/><rect x="33" y="11" width="4" height="4"/>' +
  '<rect x="11" y="33" width="4" height="4"/><rect x="28" y="28" width="14" height="3"/>' +
  '<rect x="28" y="34" width="10" height="3"/><rect x="28" y="40" width="13" height="2"/></g></svg>';

/** Where the icon is served: `icon.svg` beside the endpoint (GET {PUBLIC_BASE_URL}/mcp/icon.svg). */
export const MCP_ICON_PATH = 'icon.svg';

/** The icon as MCP lists it: the server's in full; a tool's only its address, the same image. */
export function mcpIcons(endpoint: string): { server: Icon[]; tool: Icon[] } {
  const src = `${endpoint}/${MCP_ICON_PATH}`;
  return { server: [{ src, mimeType: 'image/svg+xml', sizes: ['any'] }], tool: [{ src }] };
}
