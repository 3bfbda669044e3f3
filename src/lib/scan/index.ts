export { SCAN_IMAGE_LIMITS, readScanImageHeader, sniffImageType } from './scan-image-header';
export type { ScanImageHeader, ScanImageIssue, ScanImageRefusal, ScanImageType } from './scan-image-header';
export type { CodeReport, ScanCause } from './code-report';
export type { CodeContent } from './code-text';
export type { ScanDecoder } from './merge-readings';
export type { NoCodeCause, NoCodeFinding } from './no-code-cause';
export type { ImageScan, ScannedCode } from './scan-image';
export type { ScanPoint, ScanQuad } from './scan-symbol';
export { mecardAsVCard } from './mecard-as-vcard';
