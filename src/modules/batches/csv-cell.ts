/** A CSV field, quoted when it holds a comma, a quote or a line break, its quotes doubled (RFC 4180). */
export function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
