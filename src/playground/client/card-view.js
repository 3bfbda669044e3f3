// The MCP Apps view of create_vcard_qr_code (ui://vcard/card-view): a page the host shows in a
// sandboxed frame, speaking JSON-RPC with it over postMessage (ui/initialize, then the tool's
// input and result as notifications). Self-contained: no request leaves it, the renderer and
// the QR encoder are bundled in (scripts/build-mcp-view.mjs).
import { cardValue, checkText, drawCode } from './card-view-drawing';

const $ = (id) => document.getElementById(id);
const view = { nextId: 1, pending: new Map(), input: undefined };

function send(message) {
  window.parent.postMessage({ jsonrpc: '2.0', ...message }, '*');
}

function request(method, params) {
  const id = view.nextId++;
  send({ id, method, params });
  return new Promise((resolve, reject) => view.pending.set(id, { resolve, reject }));
}

/** The host's theme variables, when it gives any (MCP Apps' standard names, with fallbacks in the CSS). */
function applyHostContext(context) {
  const variables = context?.styles?.variables ?? {};
  for (const [name, value] of Object.entries(variables))
    if (name.startsWith('--') && typeof value === 'string') document.documentElement.style.setProperty(name, value);
  if (context?.theme === 'light' || context?.theme === 'dark')
    document.documentElement.style.colorScheme = context.theme;
}

function showStatus(text) {
  $('status').textContent = text;
  $('status').hidden = false;
}

/** A tool result: the card and its code, or the error the tool answered. */
function showResult(result) {
  const card = result?.structuredContent;
  if (result?.isError || typeof card?.qrPayload !== 'string') {
    $('card').hidden = true;
    const text = result?.content?.find((block) => block.type === 'text')?.text ?? '';
    let message = 'The tool answered no card.';
    try {
      message = JSON.parse(text).error?.message ?? message;
    } catch {
      // Not the Error JSON: the generic words.
    }
    return showStatus(message);
  }
  const svg = drawCode(card, view.input);
  const image = result.content?.find((block) => block.type === 'image');
  if (svg !== undefined) $('code').innerHTML = svg;
  else if (image)
    $('code').replaceChildren(
      Object.assign(new Image(), { src: `data:${image.mimeType};base64,${image.data}`, alt: '' }),
    );
  else $('code').replaceChildren();
  $('code').dataset.drawnBy = svg !== undefined ? 'view' : 'service';
  $('name').textContent = cardValue(card.vcard, 'FN') || 'Contact';
  $('organization').textContent = cardValue(card.vcard, 'ORG');
  $('check').textContent = checkText(card, view.input);
  $('payload').textContent = card.qrPayload;
  $('status').hidden = true;
  $('card').hidden = false;
  reportSize();
}

function reportSize() {
  const { scrollWidth: width, scrollHeight: height } = document.documentElement;
  send({ method: 'ui/notifications/size-changed', params: { width, height } });
}

function onMessage(event) {
  if (event.source !== window.parent) return;
  const message = event.data;
  if (message?.jsonrpc !== '2.0') return;
  if (message.method === undefined && view.pending.has(message.id)) {
    const { resolve, reject } = view.pending.get(message.id);
    view.pending.delete(message.id);
    return message.error ? reject(new Error(message.error.message)) : resolve(message.result);
  }
  if (message.method === 'ui/notifications/tool-input') view.input = message.params?.arguments ?? {};
  else if (message.method === 'ui/notifications/tool-result') showResult(message.params);
  else if (message.method === 'ui/notifications/tool-cancelled') showStatus('The call was cancelled.');
  else if (message.method === 'ui/notifications/host-context-changed') applyHostContext(message.params);
  // A request of the host's (ping, ui/resource-teardown): nothing to do but answer.
  else if (message.id !== undefined && message.method !== undefined) send({ id: message.id, result: {} });
}

window.addEventListener('message', onMessage);
request('ui/initialize', {
  protocolVersion: '2026-01-26',
  appInfo: { name: 'vcard-card-view', version: '1.0.0' },
  appCapabilities: { availableDisplayModes: ['inline'] },
})
  .then((result) => {
    applyHostContext(result?.hostContext);
    send({ method: 'ui/notifications/initialized', params: {} });
  })
  .catch(() => showStatus('This view needs a host that speaks MCP Apps.'));
