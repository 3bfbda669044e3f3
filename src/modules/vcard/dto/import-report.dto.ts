import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { ImportLeftOutReason, VCardVersion } from '../../../lib/vcard/reader';
import { VCardRequestDto } from './vcard-request.dto';

export const IMPORT_LEFT_OUT_REASONS: readonly ImportLeftOutReason[] = [
  'unsupported',
  'inline_photo',
  'format',
  'too_long',
  'invalid_value',
  'too_many',
  'no_year',
];

@ApiSchema({ name: 'ImportLeftOut' })
export class ImportLeftOutDto {
  @ApiProperty({ description: 'The property, upper case, without its group.', example: 'X-MS-ANNIVERSARY' })
  property: string;

  @ApiProperty({ type: 'integer', minimum: 1, description: 'The 1-based line of the file where it starts.' })
  line: number;

  @ApiProperty({
    enum: IMPORT_LEFT_OUT_REASONS,
    description:
      'unsupported: the contact has no place for it; inline_photo: a photo inside the card (skipped unread); format, too_long, invalid_value: a contact rule rejected the value; too_many: a property the contact holds once written again, or an entry beyond its list’s limit; no_year: a date without its year.',
  })
  reason: ImportLeftOutReason;
}

@ApiSchema({ name: 'ImportReport' })
export class ImportReportDto {
  @ApiProperty({ enum: ['2.1', '3.0', '4.0'], description: 'The version the card was read as.' })
  version: VCardVersion;

  @ApiProperty({
    type: VCardRequestDto,
    description:
      'The imported contact after the contact rules: exactly what POST /v1/vcard takes as JSON to give the same card (edit it and send it back).',
  })
  contact: VCardRequestDto;

  @ApiProperty({
    type: [ImportLeftOutDto],
    description: 'What the card holds that the contact does not, in file order: names and lines, never values.',
  })
  leftOut: ImportLeftOutDto[];
}
