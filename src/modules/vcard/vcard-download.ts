/** True when the client prefers text/vcard over JSON (Accept header, q-values honoured). */
export function prefersVCardText(accept: string | undefined): boolean {
  if (!accept) return false;
  let vcard = 0;
  let json = 0;
  for (const part of accept.split(',')) {
    const [type, ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) || 0 : 1;
    if (type === 'text/vcard' || type === 'text/x-vcard') vcard = Math.max(vcard, q);
    if (type === 'application/json' || type === 'application/*' || type === '*/*') json = Math.max(json, q);
  }
  return vcard > 0 && vcard > json;
}

/** ASCII file name for Content-Disposition: letters and digits of the name, else "contact". */
export function vcardFileName(fullName: string): string {
  const slug = fullName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
    .replace(/-+$/, '');
  return `${slug || 'contact'}.vcf`;
}
