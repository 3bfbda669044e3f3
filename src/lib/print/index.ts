export { pngWithDpi } from './png-dpi';
export {
  MODULE_MM,
  PRINT_DPI,
  PRINT_SIZE_MM,
  parseDpi,
  parsePrintSize,
  pngPrintFit,
  printSizePt,
  vectorPrintFit,
  type PngPrintFit,
  type PrintFit,
  type PrintSize,
  type PrintTooSmall,
  type PrintUnit,
  type PrintValueIssue,
} from './print-size';
export { sceneEps, type SceneEpsOptions } from './scene-eps';
export { scenePdf, type ScenePdfOptions } from './scene-pdf';
export { SHEET_FITS, type SheetFit, type SheetFitted } from './sheet-fit';
export { hasShippedGlyphs } from './sheet-fonts';
export {
  SHEET_LAYOUT_NAMES,
  SHEET_LAYOUTS,
  isSheetLayoutName,
  sheetCodeBoxMm,
  type SheetLayout,
  type SheetLayoutName,
} from './sheet-layouts';
export type { SheetText } from './sheet-item-painter';
export { sheetReportLine, type SheetReportCounts } from './sheet-report';
export {
  writeSheet,
  type SheetEntry,
  type SheetItem,
  type SheetMissingItem,
  type SheetOptions,
  type SheetSummary,
} from './sheet-writer';
