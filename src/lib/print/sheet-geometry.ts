/** Points in a millimetre: PDF pages are measured in points (1/72 in). */
export const PT_PER_MM = 72 / 25.4;

export function mmToPt(mm: number): number {
  return mm * PT_PER_MM;
}
