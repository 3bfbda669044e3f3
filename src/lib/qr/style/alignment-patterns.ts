/**
 * Where a version's alignment patterns lie: the rows (and columns) of their centres, from 6 to
 * `size - 7` in even steps (ISO/IEC 18004 Annex E; npm `qrcode` lays them out with the same rule).
 * Version 1 has none; the three centres that fall on a finder pattern carry no alignment pattern.
 */
export function alignmentCentres(version: number): number[] {
  if (version < 2) return [];
  const size = 17 + 4 * version;
  const count = Math.floor(version / 7) + 2;
  const step = size === 145 ? 26 : Math.ceil((size - 13) / (2 * count - 2)) * 2;
  const centres = [size - 7];
  for (let index = 1; index < count - 1; index++) centres.push(centres[index - 1] - step);
  centres.push(6);
  return centres.reverse();
}

/**
 * Which modules of a `version` symbol belong to an alignment pattern (the 5 × 5 ring and eye
 * around each centre), as a row-major mask of `size` × `size`.
 */
export function alignmentModules(version: number): Uint8Array {
  const size = 17 + 4 * version;
  const mask = new Uint8Array(size * size);
  const centres = alignmentCentres(version);
  const last = centres.length - 1;
  centres.forEach((row, i) =>
    centres.forEach((column, j) => {
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
      for (let y = row - 2; y <= row + 2; y++) mask.fill(1, y * size + column - 2, y * size + column + 3);
    }),
  );
  return mask;
}
