import { applyDecorators } from '@nestjs/common';
import { ApiHeader, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiProduces } from '@nestjs/swagger';
import { ApiErrorResponses } from '../errors/api-error-responses.decorator';
import { RATE_LIMIT_HEADERS_DOC } from '../vcard/card-route-docs';

/** A card's four events as the stream sends them: the example of the 200 response. */
const EXAMPLE = [
  'event: progress',
  'id: 1',
  'retry: 3000',
  'data: {"operation":"create_vcard_payload","step":"accepted","percent":10,"message":"Request accepted."}',
  '',
  'event: progress',
  'id: 2',
  'data: {"operation":"create_vcard_payload","step":"validated","percent":45,"message":"Contact fields validated."}',
  '',
  'event: progress',
  'id: 3',
  'data: {"operation":"create_vcard_payload","step":"encoded","percent":80,"message":"vCard payload encoded."}',
  '',
  'event: complete',
  'id: 4',
  'data: {"operation":"create_vcard_payload","percent":100,"message":"vCard payload ready."}',
  '',
].join('\n');

/** The OpenAPI description of GET /v1/stream. */
export function StreamDocs(): MethodDecorator {
  return applyDecorators(
    ApiOperation({
      operationId: 'streamProgress',
      summary: 'Server-Sent Events progress stream',
      description: [
        'Events, in order, each with an `id:` (1 to 4); the first frame carries a `retry: 3000` hint:',
        '',
        '1. `progress` `{operation, step: "accepted", percent: 10, message}`',
        '2. `progress` `{operation, step: "validated", percent: 45, message}`',
        '3. `progress` `{operation, step: "encoded", percent: 80, message}`',
        '4. `complete` `{operation, percent: 100, message}`; with `?jobId=` also `jobId` and `job` (the Job).',
        '',
        'The response then ends: close the EventSource on `complete`. A client that reconnects anyway sends Last-Event-ID and gets the remaining events, or 204 (stop reconnecting) when it already has them all.',
        'If the server shuts down mid-stream, a last `shutdown` event `{operation, message}` (its id repeats the last one delivered) ends the stream; reconnect later to resume.',
        'Invalid parameters and unknown jobs are answered with a JSON Error before any event.',
      ].join('\n'),
    }),
    ApiProduces('text/event-stream'),
    ApiHeader({
      name: 'Last-Event-ID',
      required: false,
      description: 'Sent by EventSource on reconnection: only the events after this id are sent.',
    }),
    ApiOkResponse({
      description: 'An event stream (text/event-stream).',
      content: { 'text/event-stream': { schema: { type: 'string' }, example: EXAMPLE } },
      headers: { ...RATE_LIMIT_HEADERS_DOC },
    }),
    ApiNoContentResponse({
      description: 'Last-Event-ID shows that the client already has every event: do not reconnect.',
    }),
    ApiErrorResponses(
      'invalid_query',
      'job_not_found',
      'batch_not_found',
      'too_many_streams',
      'rate_limited',
      'service_unavailable',
    ),
  );
}
