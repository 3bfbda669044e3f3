import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { NFC_TAGS, type NfcTag } from '../../../lib/nfc';
import type { VCardFormat } from '../../../lib/vcard';
import { ImportReportDto } from './import-report.dto';

@ApiSchema({ name: 'QrMinVersion' })
class QrMinVersionDto {
  @ApiProperty({ type: 'integer', nullable: true, minimum: 1, maximum: 40 })
  L: number | null;

  @ApiProperty({ type: 'integer', nullable: true, minimum: 1, maximum: 40 })
  M: number | null;

  @ApiProperty({ type: 'integer', nullable: true, minimum: 1, maximum: 40 })
  Q: number | null;

  @ApiProperty({ type: 'integer', nullable: true, minimum: 1, maximum: 40 })
  H: number | null;
}

@ApiSchema({ name: 'QrBudget' })
class QrBudgetDto {
  @ApiProperty({ type: 'integer', minimum: 1, maximum: 40, example: 10 })
  version: number;

  @ApiProperty({ enum: ['L', 'M', 'Q', 'H'], example: 'M' })
  level: 'L' | 'M' | 'Q' | 'H';

  @ApiProperty({ type: 'integer', description: 'Bytes that version holds at that level in byte mode.', example: 213 })
  capacity: number;
}

@ApiSchema({ name: 'QrInfo' })
export class QrInfoDto {
  @ApiProperty({ type: 'integer', description: 'UTF-8 length of qrPayload in bytes.', example: 177 })
  bytes: number;

  @ApiProperty({
    type: QrMinVersionDto,
    description:
      'Smallest QR version (1-40) that holds the payload in byte mode, per error-correction level; null when none can.',
  })
  minVersion: QrMinVersionDto;

  @ApiProperty({ type: [String], description: 'Density warnings (e.g. too dense to print small).' })
  warnings: string[];

  @ApiPropertyOptional({
    type: [String],
    description:
      'The request paths that are in vcard but not in qrPayload, in the order they were left out (photoUrl is never in qrPayload). Present once the request uses a field or parameter beyond the flat VCardRequest.',
    example: ['photoUrl'],
  })
  omitted?: string[];

  @ApiPropertyOptional({
    type: QrBudgetDto,
    description: 'The QR code qrPayload was fitted to (?qrVersion=&qrLevel=), with its byte capacity.',
  })
  budget?: QrBudgetDto;
}

@ApiSchema({ name: 'NfcTagFit' })
class NfcTagFitDto {
  @ApiProperty({ enum: NFC_TAGS, example: 'ntag215' })
  tag: NfcTag;

  @ApiProperty({ type: 'integer', description: "The tag's user memory in bytes.", example: 504 })
  capacity: number;

  @ApiProperty({
    type: 'integer',
    description:
      'Bytes the tag stores: the NDEF TLV (1-byte length up to 254, else 3 bytes), the message and the terminator TLV 0xFE; at most capacity.',
    example: 198,
  })
  bytes: number;

  @ApiProperty({
    format: 'byte',
    description:
      'The NDEF message, base64: one record, TNF 0x02 (MIME media), type text/vcard, payload the UTF-8 bytes of qrPayload.',
  })
  message: string;
}

@ApiSchema({ name: 'VCardResponse' })
export class VCardResponseDto {
  @ApiProperty({ description: 'The whole card as .vcf file text: vCard 3.0, CRLF, folded at 75 octets.' })
  vcard: string;

  @ApiProperty({
    description:
      'The exact string to encode into the QR code (same card, unfolded). Encode as UTF-8 bytes in byte mode.',
  })
  qrPayload: string;

  @ApiProperty({ format: 'uri', description: 'Where a person can generate QR codes; carries no contact data.' })
  generatorUrl: string;

  @ApiProperty()
  privacyNote: string;

  @ApiProperty({ type: QrInfoDto })
  qr: QrInfoDto;

  @ApiPropertyOptional({
    enum: ['vcard3', 'vcard4', 'mecard'],
    description:
      'The format of qrPayload (and of vcard, which is vCard 3.0 for mecard). Present once the request uses a field or parameter beyond the flat VCardRequest.',
  })
  format?: VCardFormat;

  @ApiPropertyOptional({
    type: NfcTagFitDto,
    description:
      'With ?nfc=: the tag qrPayload was fitted to and the NDEF message to write to it. qrPayload (and its QR code) carry exactly what the tag carries.',
  })
  nfc?: NfcTagFitDto;

  @ApiPropertyOptional({
    type: ImportReportDto,
    description:
      'Only when the request body was a vCard (Content-Type: text/vcard): the version read, the imported contact (send it back as JSON to get this same card) and what was left out.',
  })
  import?: ImportReportDto;
}
