import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { ErrorObjectDto } from '../../errors/dto/error-response.dto';
import { PaginationDto } from '../../templates/dto/template.dto';
import { ImportReportDto } from '../../vcard/dto/import-report.dto';
import { VCardRequestDto } from '../../vcard/dto/vcard-request.dto';
import { VCardResponseDto } from '../../vcard/dto/vcard-response.dto';
import { QrStyleDto } from '../../qrcodes/dto/qr-style.dto';
import type { BatchRecord, BatchSource } from '../../../infra/store/batch-record';
import { SHEET_LAYOUT_NAMES } from '../../../lib/print';

const BATCH_SOURCES: readonly BatchSource[] = ['json', 'csv', 'google-csv', 'outlook-csv', 'vcard', 'zip'];

@ApiSchema({ name: 'BatchCreateRequest' })
export class BatchCreateRequestDto {
  @ApiProperty({
    type: [VCardRequestDto],
    minItems: 1,
    maxItems: 10000,
    description:
      'The contacts, each validated exactly as the body of POST /v1/vcard (BATCH_MAX_CONTACTS, default 10000).',
  })
  contacts: VCardRequestDto[];

  @ApiProperty({
    type: QrStyleDto,
    required: false,
    description:
      'The QR style of the batch codes.zip, judged at creation (400 invalid_style) and kept until the batch expires; PUT /v1/batches/{batchId}/style sets or replaces it later.',
  })
  style?: QrStyleDto;
}

@ApiSchema({ name: 'BatchProgress' })
class BatchProgressDto {
  @ApiProperty({ type: 'integer', example: 3000 })
  total: number;
  @ApiProperty({ type: 'integer', example: 1200, description: 'Contacts with an outcome so far.' })
  processed: number;
  @ApiProperty({ type: 'integer', example: 1176 })
  succeeded: number;
  @ApiProperty({ type: 'integer', example: 24 })
  failed: number;
}

@ApiSchema({ name: 'BatchLinks' })
class BatchLinksDto {
  @ApiProperty({ format: 'uri', description: 'This batch (poll it).' })
  self: string;
  @ApiProperty({ format: 'uri', description: 'The outcomes, a page at a time, in input order.' })
  items: string;
  @ApiProperty({
    format: 'uri',
    description: 'One .vcf with every successful card, in input order, once the batch has succeeded.',
  })
  vcf: string;
  @ApiProperty({
    format: 'uri',
    description:
      'codes.zip: a QR code and a one-card .vcf per successful contact, and manifest.csv, once the batch has succeeded.',
  })
  codes: string;
  @ApiProperty({
    format: 'uri',
    description: `sheet.pdf: every successful contact's name and QR code on print-ready pages, here at layout=${SHEET_LAYOUT_NAMES[0]}; any layout: ${SHEET_LAYOUT_NAMES.join(', ')}.`,
  })
  sheet: string;
  @ApiProperty({ format: 'uri', description: 'Server-Sent Events with the progress, then the final counts.' })
  stream: string;
}

@ApiSchema({ name: 'Batch' })
export class BatchDto {
  @ApiProperty({ example: 'batch_01KAJ4Y9X3M7Q2R8T5V6W0Z1AB', description: '`batch_` and a ULID.' })
  id: string;
  @ApiProperty({ enum: ['batch'] })
  object: 'batch';
  @ApiProperty({
    enum: ['queued', 'running', 'succeeded', 'failed'],
    description:
      'succeeded once every contact has an outcome, whatever the outcomes: an invalid contact fails alone, never the batch.',
  })
  status: BatchRecord['status'];
  @ApiProperty({
    enum: BATCH_SOURCES,
    description:
      'What the contacts were read from: a JSON body, CSV with the service’s own columns, a Google Contacts or Outlook CSV export (recognised by its header), a vCard address-book export, or a ZIP of images (each scanned for a code holding a contact).',
  })
  source: BatchSource;
  @ApiPropertyOptional({
    type: [String],
    description:
      'For a Google or Outlook export: its columns that have no place in the contact, ignored, each named once (names only).',
    example: ['Yomi Name', 'Gender', 'Anniversary'],
  })
  ignoredColumns?: string[];
  @ApiProperty({ format: 'date-time' })
  created_at: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  completed_at: string | null;
  @ApiProperty({ type: BatchProgressDto })
  progress: BatchProgressDto;
  @ApiProperty({ type: BatchLinksDto })
  links: BatchLinksDto;
}

@ApiSchema({ name: 'BatchRowLeftOut' })
class BatchRowLeftOutDto {
  @ApiProperty({ example: 'phones[0].number', description: 'The value’s path in the contact the row describes.' })
  field: string;
  @ApiProperty({ example: 'format', description: 'The contact rule’s word, as in an invalid_request error’s details.' })
  reason: string;
}

@ApiSchema({ name: 'BatchItem' })
export class BatchItemDto {
  @ApiProperty({ type: 'integer', description: 'Position of the contact in the request, from 0.' })
  index: number;
  @ApiProperty({ enum: ['succeeded', 'failed', 'pending'] })
  status: 'succeeded' | 'failed' | 'pending';
  @ApiPropertyOptional({
    type: VCardResponseDto,
    description: 'When succeeded: exactly what POST /v1/vcard returns for this contact.',
  })
  result?: VCardResponseDto;
  @ApiPropertyOptional({
    type: () => ErrorObjectDto,
    description:
      'When failed: the `error` object POST /v1/vcard would have answered for this contact (code, message, hint, docsUrl, status, details).',
  })
  error?: unknown;
  @ApiPropertyOptional({
    type: ImportReportDto,
    description:
      'For a card of a vCard export that could be imported: its report (lines counted in the whole file), beside result or error; for an image of a ZIP, its code’s import (lines counted in the code’s text), as POST /v1/scans answers it.',
  })
  import?: ImportReportDto;
  @ApiPropertyOptional({
    description: 'For an image of a ZIP: its name in the archive.',
    example: 'badges/IMG_0412.jpg',
  })
  file?: string;
  @ApiPropertyOptional({
    type: [BatchRowLeftOutDto],
    description:
      'For a row of a Google or Outlook export of which the contact rules rejected a value: each value left out (its path in the row’s contact and the rule’s word, never the value); result is the card without them.',
  })
  leftOut?: BatchRowLeftOutDto[];
}

@ApiSchema({ name: 'BatchItemsPage' })
export class BatchItemsPageDto {
  @ApiProperty({ type: [BatchItemDto] })
  data: BatchItemDto[];
  @ApiProperty({ type: PaginationDto })
  pagination: PaginationDto;
}

/** The public view of a batch, with absolute links under the path the client called. */
export function toBatchDto(batch: BatchRecord, self: string): BatchDto {
  return {
    id: batch.id,
    object: 'batch',
    status: batch.status,
    // A batch stored before sources were recorded was read from JSON or CSV; it says json.
    source: batch.source ?? 'json',
    ...(batch.ignoredColumns !== undefined ? { ignoredColumns: batch.ignoredColumns } : {}),
    created_at: batch.created_at,
    completed_at: batch.completed_at,
    progress: { total: batch.total, processed: batch.processed, succeeded: batch.succeeded, failed: batch.failed },
    links: {
      self,
      items: `${self}/items`,
      vcf: `${self}/cards.vcf`,
      codes: `${self}/codes.zip`,
      sheet: `${self}/sheet.pdf?layout=${SHEET_LAYOUT_NAMES[0]}`,
      stream: self.replace(/\/v1\/batches\/(batch_[0-9A-Z]+)$/, '/v1/stream?batchId=$1'),
    },
  };
}
