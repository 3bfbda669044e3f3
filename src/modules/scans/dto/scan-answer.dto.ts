import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { ImportReportDto } from '../../vcard/dto/import-report.dto';

@ApiSchema({ name: 'ScanPoint' })
export class ScanPointDto {
  @ApiProperty({ description: 'Image pixels from the left.', example: 316 })
  x: number;

  @ApiProperty({ description: 'Image pixels from the top.', example: 216 })
  y: number;
}

@ApiSchema({ name: 'ScanImportError' })
export class ScanImportErrorDto {
  @ApiProperty({ description: 'The error code POST /v1/vcard would answer for this card.', example: 'invalid_vcard' })
  code: string;

  @ApiProperty({ example: 'The card that begins at line 1 has no FN, N or ORG that the contact rules accept.' })
  message: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, example: { line: 1, issue: 'no_name' } })
  details?: Record<string, unknown>;
}

@ApiSchema({ name: 'ScanReport' })
export class ScanReportDto {
  @ApiProperty({
    type: 'number',
    nullable: true,
    description: 'Image pixels a module, 2 decimals; null when only ZBar read the code (it tells no module count).',
    example: 4,
  })
  modulePixels: number | null;

  @ApiProperty({
    type: 'number',
    nullable: true,
    description: 'The light margin found around the code, in modules (the least side, 1 decimal, at most 10).',
    example: 4,
  })
  quietZone: number | null;

  @ApiProperty({ description: 'True when the picture ends before the quiet zone does on some side.' })
  quietZoneAtEdge: boolean;

  @ApiProperty({
    description: "WCAG contrast of the code's dark and light modules as photographed, as the style rules measure it.",
    example: 15.2,
  })
  contrast: number;

  @ApiProperty({
    description: 'The median colours of the dark and light modules as photographed.',
    example: { dark: '#1a1a1a', light: '#f0f0f0' },
  })
  colors: { dark: string; light: string };

  @ApiProperty({ description: 'True for a light-on-dark code.' })
  inverted: boolean;

  @ApiProperty({ description: 'True when both decoders read the code, to the same bytes.' })
  decodersAgree: boolean;

  @ApiProperty({
    type: 'number',
    nullable: true,
    description: 'The share of error correction left unused (1: no error corrected), where ZXing tells it.',
    example: 1,
  })
  spareErrorCorrection: number | null;

  @ApiProperty({
    type: [String],
    enum: ['low_contrast', 'logo', 'quiet_zone', 'transparent', 'small_modules', 'inverted'],
    description: 'What makes the code harder to read, named when only one decoder read it.',
    example: [],
  })
  causes: string[];

  @ApiProperty({
    type: [String],
    description: 'What to do, in words for a person.',
    example: ['Both decoders read this code.'],
  })
  advice: string[];
}

@ApiSchema({ name: 'ScannedCode' })
export class ScannedCodeDto {
  @ApiProperty({
    description: 'The text the code holds.',
    example: 'BEGIN:VCARD\r\nVERSION:3.0\r\nN:Doe;Jane;;;\r\nFN:Jane Doe\r\nEND:VCARD',
  })
  text: string;

  @ApiProperty({
    type: 'string',
    nullable: true,
    description:
      "The character set the text was read in: the ECI's, else UTF-8 when the bytes are UTF-8; null when ZXing guessed it (Shift_JIS kanji, for one).",
    example: 'UTF-8',
  })
  charset: string | null;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'The ECI designator the code declares, if any.',
    example: null,
  })
  eci: number | null;

  @ApiProperty({ enum: ['vcard', 'mecard', 'text'], example: 'vcard' })
  content: 'vcard' | 'mecard' | 'text';

  @ApiProperty({
    type: [ScanPointDto],
    description:
      'The corners in pixels of the image as a viewer shows it (its EXIF orientation applied): top left, top right, bottom right, bottom left, as the code is read.',
  })
  position: ScanPointDto[];

  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'The version (1-40); null when only ZBar read it.',
    example: 4,
  })
  version: number | null;

  @ApiProperty({ enum: ['L', 'M', 'Q', 'H'], nullable: true, example: 'M' })
  level: 'L' | 'M' | 'Q' | 'H' | null;

  @ApiProperty({ type: 'integer', nullable: true, description: 'The data mask (0-7).', example: 6 })
  mask: number | null;

  @ApiProperty({ type: [String], enum: ['zbar', 'zxing'], example: ['zbar', 'zxing'] })
  readBy: Array<'zbar' | 'zxing'>;

  @ApiPropertyOptional({
    type: ImportReportDto,
    description:
      'For a vCard or MECARD: the import exactly as POST /v1/vcard gives it for the text as a text/vcard body (a MECARD as the vCard 3.0 it stands for).',
  })
  import?: ImportReportDto;

  @ApiPropertyOptional({
    type: ScanImportErrorDto,
    description: 'Instead of import, when the card cannot be imported.',
  })
  importError?: ScanImportErrorDto;

  @ApiProperty({ type: ScanReportDto })
  report: ScanReportDto;
}

@ApiSchema({ name: 'ScanImage' })
export class ScanImageDto {
  @ApiProperty({ description: 'As a viewer shows the image (its EXIF orientation applied).', example: 1000 })
  width: number;

  @ApiProperty({ description: 'As a viewer shows the image (its EXIF orientation applied).', example: 1000 })
  height: number;

  @ApiProperty({ enum: ['image/png', 'image/jpeg', 'image/webp'], example: 'image/png' })
  mediaType: string;
}

@ApiSchema({ name: 'ScanAnswer' })
export class ScanAnswerDto {
  @ApiProperty({ type: ScanImageDto })
  image: ScanImageDto;

  @ApiProperty({ type: [ScannedCodeDto], description: 'Every code read, top to bottom, then left to right.' })
  codes: ScannedCodeDto[];
}
