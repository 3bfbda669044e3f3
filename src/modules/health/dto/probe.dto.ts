import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';

@ApiSchema({ name: 'Liveness' })
export class LivenessDto {
  @ApiProperty({ enum: ['ok'] })
  status: 'ok';
}

@ApiSchema({ name: 'Readiness' })
export class ReadinessDto {
  @ApiProperty({ enum: ['ready', 'not_ready'] })
  status: 'ready' | 'not_ready';

  @ApiPropertyOptional({
    enum: ['draining', 'store_unreachable'],
    description: 'Why the instance is not ready: shutting down, or the Redis store does not answer.',
  })
  reason?: 'draining' | 'store_unreachable';
}
