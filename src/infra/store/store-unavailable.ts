import { ApiError } from '../../core/errors/api-error';

/** What a driver throws when its back end cannot be reached: 503 with a retry hint. */
export function storeUnavailable(): ApiError {
  return new ApiError('service_unavailable', { headers: { 'Retry-After': '5' } });
}
