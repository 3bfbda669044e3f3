import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { ApiRoute } from '../../http/api-route.decorator';
import { NotRateLimited } from '../../http/edge-policy';
import type { HttpResponseLike } from '../../http/native-http';
import { SERVICE_CONFIG, ServiceConfig } from '../../options/service-config';
import { SERVICE_NAME } from '../../options/service-info';
import { StoreHealth } from '../../infra/store/store-health';
import { HealthDto } from './dto/health.dto';

@ApiTags('health')
@ApiRoute()
@NotRateLimited()
@Controller('v1/health')
export class HealthController {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
    private readonly store: StoreHealth,
  ) {}

  @Get()
  @ApiOperation({
    operationId: 'getHealth',
    summary: 'Health check',
    description:
      'Not rate-limited and carries no RateLimit headers. With a Redis store configured (REDIS_URL), an unreachable Redis makes it 503 with ok: false.',
  })
  @ApiOkResponse({ type: HealthDto })
  @ApiServiceUnavailableResponse({ type: HealthDto, description: 'The Redis store is unreachable.' })
  async health(@Res({ passthrough: true }) reply: HttpResponseLike): Promise<HealthDto> {
    const ok = await this.store.isHealthy();
    if (!ok) reply.status(503);
    return { ok, service: SERVICE_NAME, version: this.config.serviceVersion };
  }
}
