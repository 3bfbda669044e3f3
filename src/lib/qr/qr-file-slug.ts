/**
 * The file name stem of a contact's QR image or card (contact-model.md §5): `fullName` with accents
 * removed, every run of characters other than ASCII letters and digits turned into one `-`,
 * trimmed of `-`, cut to 40 characters; `contact` when nothing is left.
 */
export function qrFileSlug(fullName: string): string {
  const slug = fullName
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return slug || 'contact';
}
