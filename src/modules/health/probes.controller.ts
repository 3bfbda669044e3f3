import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { Readiness } from '../../core/lifecycle/readiness';
import { ApiRoute } from '../../http/api-route.decorator';
import { NotRateLimited } from '../../http/edge-policy';
import type { HttpResponseLike } from '../../http/native-http';
import { StoreHealth } from '../../infra/store/store-health';
import { ApiErrorResponses } from '../errors/api-error-responses.decorator';
import { LivenessDto, ReadinessDto } from './dto/probe.dto';

/**
 * Orchestrator probes, outside the versioned API: liveness (the process answers; never depends on
 * Redis, so a Redis outage does not restart a fleet that keeps serving vCards) and readiness
 * (Redis reachable when configured, and not draining).
 */
@ApiTags('health')
@ApiRoute()
@NotRateLimited()
@Controller()
export class ProbesController {
  constructor(
    private readonly store: StoreHealth,
    private readonly readiness: Readiness,
  ) {}

  @Get('livez')
  @ApiOperation({
    operationId: 'getLiveness',
    summary: 'Liveness probe',
    description: 'Always 200 while the process and its event loop answer. Not rate-limited.',
  })
  @ApiOkResponse({ type: LivenessDto })
  @ApiErrorResponses()
  livez(): LivenessDto {
    return { status: 'ok' };
  }

  @Get('readyz')
  @ApiOperation({
    operationId: 'getReadiness',
    summary: 'Readiness probe',
    description:
      '200 when this instance should get traffic; 503 with a reason while it drains after SIGTERM (`draining`) or while the Redis store it is configured with does not answer or its circuit is open (`store_unreachable`). Not rate-limited.',
  })
  @ApiOkResponse({ type: ReadinessDto })
  @ApiServiceUnavailableResponse({ type: ReadinessDto, description: 'Not ready: `reason` says why.' })
  @ApiErrorResponses()
  async readyz(@Res({ passthrough: true }) reply: HttpResponseLike): Promise<ReadinessDto> {
    if (this.readiness.draining) {
      reply.status(503);
      return { status: 'not_ready', reason: 'draining' };
    }
    if (!(await this.store.isHealthy())) {
      reply.status(503);
      return { status: 'not_ready', reason: 'store_unreachable' };
    }
    return { status: 'ready' };
  }
}
