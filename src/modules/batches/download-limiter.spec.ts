import { describe, expect, it } from '@jest/globals';
import { ApiError } from '../../core/errors/api-error';
import type { ServiceConfig } from '../../options/service-config';
import { DownloadLimiter } from './download-limiter';

const config = { batches: { maxActivePerClient: 2, maxActive: 3 } } as ServiceConfig;
const codeOf = (take: () => unknown): string | undefined => {
  try {
    take();
    return undefined;
  } catch (error) {
    return (error as ApiError).code;
  }
};

describe('DownloadLimiter', () => {
  it("bounds a client's streams and all streams like batches; a slot comes back once, when released", () => {
    const limiter = new DownloadLimiter(config);
    const first = limiter.acquire('a');
    limiter.acquire('a');
    expect(codeOf(() => limiter.acquire('a'))).toBe('too_many_downloads');
    limiter.acquire('b');
    expect(codeOf(() => limiter.acquire('c'))).toBe('service_unavailable');
    first();
    first();
    expect(codeOf(() => limiter.acquire('c'))).toBeUndefined();
    expect(codeOf(() => limiter.acquire('a'))).toBe('service_unavailable');
  });
});
