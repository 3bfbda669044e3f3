import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { QrLevel } from '../../../lib/vcard';
import { QrInfoDto, VCardResponseDto } from '../../vcard/dto/vcard-response.dto';

@ApiSchema({ name: 'QrCheck' })
export class QrCheckDto {
  @ApiProperty({
    type: [String],
    enum: ['zbar', 'zxing'],
    description:
      'The decoders that read the code back to exactly qrPayload before it was sent; empty for a plain code (no style), which is not decoded.',
    example: ['zbar', 'zxing'],
  })
  decoders: Array<'zbar' | 'zxing'>;

  @ApiProperty({
    enum: ['L', 'M', 'Q', 'H'],
    description: 'The error-correction level the code is drawn at.',
    example: 'H',
  })
  level: QrLevel;

  @ApiProperty({ description: 'True when the logo made the service choose level H (no qrLevel was asked for).' })
  levelRaised: boolean;

  @ApiProperty({
    description:
      'WCAG contrast ratio of the dark and finder colours against the light one (white when transparent), the lower, 2 decimals.',
    example: 11.72,
  })
  contrast: number;

  @ApiProperty({
    description: "Cleared modules (the logo's square) over all modules of the symbol, 3 decimals.",
    example: 0.078,
  })
  logoShare: number;

  @ApiProperty({ type: 'integer', description: 'The quiet zone in modules (margin).', example: 4 })
  quietZone: number;

  @ApiProperty({
    type: [String],
    enum: ['quiet_zone', 'contrast', 'transparent', 'dense'],
    description:
      'quiet_zone: margin under 4; contrast: under 4.5:1; transparent: the code needs a light surface behind it; dense: too dense to print small.',
  })
  warnings: Array<'quiet_zone' | 'contrast' | 'transparent' | 'dense'>;
}

@ApiSchema({ name: 'QrCodeInfo' })
class QrCodeInfoDto extends QrInfoDto {
  @ApiProperty({ type: QrCheckDto })
  check: QrCheckDto;
}

@ApiSchema({ name: 'QrCodeImage' })
class QrCodeImageDto {
  @ApiProperty({ enum: ['image/png', 'image/svg+xml'] })
  mediaType: string;

  @ApiProperty({ type: 'integer', description: 'Pixels: (17 + 4·version + 2·margin)·scale.', example: 776 })
  width: number;

  @ApiProperty({
    type: 'integer',
    description: 'Pixels: the width, plus the frame band when there is one.',
    example: 912,
  })
  height: number;

  @ApiProperty({ description: 'The PNG, or the SVG text, base64.', format: 'byte' })
  data: string;
}

@ApiSchema({ name: 'QrCodeResponse' })
export class QrCodeResponseDto extends VCardResponseDto {
  @ApiProperty({ type: QrCodeInfoDto })
  declare qr: QrCodeInfoDto;

  @ApiProperty({ type: QrCodeImageDto })
  image: QrCodeImageDto;
}
