import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { CONTACT_REQUIRED_FIELDS, FIRST_CONTRACT_FIELDS } from '../../../lib/contact';

@ApiSchema({ name: 'Template' })
export class TemplateDto {
  @ApiProperty({ example: 'business-card', pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' })
  id: string;

  @ApiProperty({ example: 'Business card' })
  name: string;

  @ApiProperty()
  useCase: string;

  @ApiProperty({
    type: 'array',
    items: { type: 'string', enum: [...FIRST_CONTRACT_FIELDS] },
    description: `Always contains ${CONTACT_REQUIRED_FIELDS.join(', ')}.`,
  })
  requiredFields: string[];

  @ApiProperty({ type: 'array', items: { type: 'string', enum: [...FIRST_CONTRACT_FIELDS] } })
  optionalFields: string[];
}

@ApiSchema({ name: 'Pagination' })
export class PaginationDto {
  @ApiProperty({ type: 'integer', example: 2 })
  limit: number;

  @ApiProperty({ description: 'The cursor this page was requested with; "" for the first page.', example: '' })
  cursor: string;

  @ApiProperty({
    type: 'string',
    nullable: true,
    description: 'Pass as ?cursor= to get the next page; null on the last page.',
  })
  next_cursor: string | null;

  @ApiProperty()
  has_more: boolean;
}

@ApiSchema({ name: 'TemplateListResponse' })
export class TemplateListResponseDto {
  @ApiProperty({ type: [TemplateDto] })
  data: TemplateDto[];

  @ApiProperty({ type: PaginationDto })
  pagination: PaginationDto;
}
