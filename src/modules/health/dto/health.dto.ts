import { ApiProperty, ApiSchema } from '@nestjs/swagger';

@ApiSchema({ name: 'Health' })
export class HealthDto {
  @ApiProperty({ example: true })
  ok: boolean;

  @ApiProperty({ example: 'vcard-payload-service' })
  service: string;

  @ApiProperty({ description: 'Package version of the running service.', example: '1.0.0' })
  version: string;
}
