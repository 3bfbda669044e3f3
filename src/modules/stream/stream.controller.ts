import { Controller, Headers, Inject, MessageEvent, Req, Res, Sse } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { EMPTY, Observable } from 'rxjs';
import { SERVICE_CONFIG, ServiceConfig } from '../../options/service-config';
import { ApiError } from '../../core/errors/api-error';
import { ShutdownSignal } from '../../core/lifecycle/shutdown-signal';
import { ApiRoute } from '../../http/api-route.decorator';
import {
  clientAddress,
  HttpRequestLike,
  honourConnectionClose,
  HttpResponseLike,
  nativeResponse,
} from '../../http/native-http';
import { toJobDto } from '../jobs/dto/job.dto';
import { jobUrl } from '../jobs/job-url';
import { JobsService } from '../jobs/jobs.service';
import { STREAM_QUERY, type StreamOperation, type StreamQuery } from './dto/stream.query';
import { StreamDocs } from './stream.docs';
import { CheckedQuery, RouteQuery } from '../../http/route-query.decorator';
import { batchShutdownEvent } from '../batches/batch-progress';
import { streamEvents } from './stream-events';
import { StreamService } from './stream.service';
import { StreamLimiter } from './stream-limiter';
import { BatchesService } from '../batches/batches.service';

/** The operation the stream reports on: with `jobId`, only a card's; one job or one batch per stream. */
function operationOf(query: StreamQuery): StreamOperation {
  const operation = query.operation ?? 'create_vcard_payload';
  if (query.jobId !== undefined && operation !== 'create_vcard_payload') {
    throw new ApiError('invalid_query', {
      message: 'The query parameter operation must be create_vcard_payload when jobId is given.',
      hint: 'Omit operation, or omit jobId.',
      details: { parameter: 'operation', issue: 'conflicts_with_jobId' },
    });
  }
  if (query.batchId !== undefined && query.jobId !== undefined) {
    throw new ApiError('invalid_query', {
      message: 'The query parameters jobId and batchId cannot be given together.',
      hint: 'Follow one job or one batch per stream.',
      details: { parameter: 'batchId', issue: 'conflicts_with_jobId' },
    });
  }
  return operation;
}

@ApiTags('stream')
@ApiRoute()
@Controller('v1/stream')
export class StreamController {
  constructor(
    private readonly jobs: JobsService,
    private readonly streams: StreamService,
    private readonly shutdown: ShutdownSignal,
    private readonly limiter: StreamLimiter,
    private readonly batches: BatchesService,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
  ) {}

  @Sse()
  @StreamDocs()
  @RouteQuery(STREAM_QUERY)
  async stream(
    @CheckedQuery() query: StreamQuery,
    @Headers('last-event-id') lastEventId: string | undefined,
    @Req() request: HttpRequestLike,
    @Res({ passthrough: true }) reply: HttpResponseLike,
  ): Promise<Observable<MessageEvent>> {
    const operation = operationOf(query);
    const batch = query.batchId === undefined ? undefined : await this.batches.get(query.batchId);
    const job =
      query.jobId === undefined
        ? undefined
        : toJobDto(await this.jobs.get(query.jobId), jobUrl(this.config.publicBaseUrl, request, query.jobId));
    if (batch) {
      this.admit(request, reply);
      return this.streams.send(this.batches.progress(batch), (lastId) => batchShutdownEvent(batch.id, lastId));
    }
    const events = streamEvents(operation, job);
    const delivered = /^\d{1,3}$/.test(lastEventId ?? '') ? Number(lastEventId) : 0;
    if (delivered >= events.length) {
      // Per the SSE spec, 204 makes EventSource stop reconnecting to a stream that has ended.
      reply.status(204);
      return EMPTY;
    }
    this.admit(request, reply);
    return this.streams.open(operation, events.slice(delivered), {
      intervalMs: query.intervalMs ?? 0,
      lastId: String(delivered),
    });
  }

  /**
   * Takes a stream slot for the client (429 or 503 when a cap is reached), given back when the
   * response closes; keeps the client's Connection: close; lets shutdown wait for the stream's end.
   */
  private admit(request: HttpRequestLike, reply: HttpResponseLike): void {
    const slot = this.limiter.acquire(clientAddress(request));
    if ('refused' in slot) this.refuse(slot.refused);
    const response = nativeResponse(reply);
    response.once('close', slot.release);
    honourConnectionClose(request, response);
    this.shutdown.holdUntilClosed(response);
  }

  private refuse(cap: 'client' | 'service'): never {
    if (cap === 'client')
      throw new ApiError('too_many_streams', { details: { maxStreams: this.limiter.maxPerClient } });
    throw new ApiError('service_unavailable', {
      message: 'The service holds the most event streams it allows at once.',
      hint: 'Retry after the number of seconds in the Retry-After header; streams last a few seconds.',
      details: { maxStreams: this.limiter.maxTotal },
      headers: { 'Retry-After': '2' },
    });
  }
}
