import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { ToQueryInteger } from '../../../core/validation/to-query-integer.decorator';

export class ListTemplatesQuery {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 25, default: 2 })
  @ToQueryInteger()
  @IsOptional()
  // class-validator checks bottom-up: the type check comes first.
  @Max(25, { message: 'limit must be a whole number from 1 to 25' })
  @Min(1, { message: 'limit must be a whole number from 1 to 25' })
  @IsInt({ message: 'limit must be a whole number from 1 to 25' })
  limit: number = 2;

  @ApiPropertyOptional({ description: 'pagination.next_cursor from the previous page, unchanged.' })
  @IsOptional()
  @IsString({ message: 'cursor must be given once, as a string' })
  @MaxLength(200, { message: 'cursor was not issued by this service' })
  cursor?: string;
}
