import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

export class ListTemplatesQuery {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 25, default: 2 })
  // Only plain decimal digits become numbers: "2.5", "1e1", "0x10" or "x" must be rejected.
  @Transform(({ value }) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value))
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
