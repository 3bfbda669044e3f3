import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/server';
import { invalidField } from '../../core/validation/invalid-request';

/**
 * Who a content block is for (MCP content annotations): the code's image is shown to the user; the
 * payload and the JSON are what the assistant reads and passes on.
 */
const FOR_USER = { audience: ['user' as const] };
const FOR_ASSISTANT = { audience: ['assistant' as const] };

/**
 * A tool's JSON answer: structured, and serialized as a text block for clients without
 * structuredContent (the MCP spec asks for both), after any blocks of the tool's own.
 */
export function structuredResult(value: object, ...before: ContentBlock[]): CallToolResult {
  return {
    structuredContent: value as Record<string, unknown>,
    content: [...before, { type: 'text', text: JSON.stringify(value), annotations: FOR_ASSISTANT }],
  };
}

/** A text block with no audience: for the user and the assistant alike (the vCard text). */
export const textBlock = (text: string): ContentBlock => ({ type: 'text', text });

/** A QR code's answer: the image for the user, the payload to encode, then the card as JSON. */
export function codeResult(image: { data: string; mimeType: string }, card: { qrPayload: string }): CallToolResult {
  return structuredResult(
    card,
    { type: 'image', data: image.data, mimeType: image.mimeType, annotations: FOR_USER },
    { type: 'text', text: card.qrPayload, annotations: FOR_ASSISTANT },
  );
}

/**
 * Refuses an argument the tool's schema does not name (every input schema is closed), as the
 * contact's validation refuses an unknown field: invalid_request naming it.
 */
export function onlyArguments(args: Record<string, unknown>, names: readonly string[]): void {
  const unknown = Object.keys(args).find((name) => !names.includes(name));
  if (unknown !== undefined)
    throw invalidField(unknown.slice(0, 64), 'unknown', `${unknown.slice(0, 64)} is not a known argument`);
}
