/**
 * The one file name stem of everything a contact is downloaded as (the .vcf, the QR image, a
 * codes.zip entry after its number, the playground's downloads; docs/api.md#file-names): the
 * contact's name (the field that declares `fileName`, or a card's FN) with accents removed, every
 * run of characters other than ASCII letters and digits turned into one `-`, trimmed of `-`, cut
 * to 40 characters; `contact` when nothing is left.
 */
export function qrFileSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return slug || 'contact';
}
