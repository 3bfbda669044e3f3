import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { ERROR_CODE_NAMES } from '../../../core/errors/error-codes';

@ApiSchema({ name: 'ErrorObject' })
export class ErrorObjectDto {
  @ApiProperty({ enum: ERROR_CODE_NAMES, description: 'Stable machine-readable code; see /docs/errors.' })
  code: string;

  @ApiProperty({ description: 'Human-readable; never echoes submitted contact values.' })
  message: string;

  @ApiProperty({ description: 'What a program should do next to recover.' })
  hint: string;

  @ApiProperty({ format: 'uri', description: 'Catalogue entry for this code.' })
  docsUrl: string;

  @ApiProperty({ type: 'integer', description: 'Repeats the HTTP status.' })
  status: number;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description:
      'Code-specific data: fields[] {field, issue, message} for invalid_request; parameter for invalid_query; bytes, maxBytes, longestField for qr_capacity_exceeded; template, missingFields for template_requirements_not_met; maxBytes for payload_too_large.',
  })
  details?: Record<string, unknown>;
}

@ApiSchema({ name: 'Error' })
export class ErrorResponseDto {
  @ApiProperty({ type: ErrorObjectDto })
  error: ErrorObjectDto;
}
