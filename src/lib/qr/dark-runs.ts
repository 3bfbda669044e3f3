import type { QrMatrix } from './qr-matrix';

/** Calls `run` for each row's run of dark modules, left to right, top to bottom (`end` exclusive). */
export function forEachDarkRun(matrix: QrMatrix, run: (row: number, start: number, end: number) => void): void {
  const { size, modules } = matrix;
  for (let row = 0; row < size; row++) {
    let column = 0;
    while (column < size) {
      if (modules[row * size + column] === 0) {
        column++;
        continue;
      }
      const start = column;
      while (column < size && modules[row * size + column] !== 0) column++;
      run(row, start, column);
    }
  }
}
