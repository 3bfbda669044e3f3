import { ERROR_CODES, ERROR_CODE_NAMES } from '../../core/errors/error-codes';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The /docs/errors page: one anchored section per registered code (error.docsUrl points here). */
export function renderErrorCatalogue(): string {
  const sections = ERROR_CODE_NAMES.map((code) => {
    const spec = ERROR_CODES[code];
    return `<section id="${code}"><h2><code>${code}</code> <small>HTTP ${spec.status}</small></h2>
<p><strong>When:</strong> ${escapeHtml(spec.when)}</p>
<p><strong>Message:</strong> ${escapeHtml(spec.message)}</p>
<p><strong>Hint:</strong> ${escapeHtml(spec.hint)}</p></section>`;
  }).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Error codes - vcard-payload-service</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem;line-height:1.5}section{border-top:1px solid #ddd;padding-top:.5rem}small{color:#666}</style>
</head><body><h1>Error codes</h1>
<p>Every error response is <code>application/json</code>: <code>{"error":{"code","message","hint","docsUrl","status","details?"}}</code>. <code>status</code> repeats the HTTP status; <code>hint</code> says what to do next.</p>
${sections}
</body></html>`;
}
