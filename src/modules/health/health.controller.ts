import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { SERVICE_NAME } from '../../config/service-info';
import { HealthDto } from './dto/health.dto';

@ApiTags('health')
@Controller('v1/health')
export class HealthController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get()
  @ApiOperation({
    operationId: 'getHealth',
    summary: 'Liveness check',
    description: 'Not rate-limited and carries no RateLimit headers.',
  })
  @ApiOkResponse({ type: HealthDto })
  health(): HealthDto {
    return { ok: true, service: SERVICE_NAME, version: this.config.serviceVersion };
  }
}
