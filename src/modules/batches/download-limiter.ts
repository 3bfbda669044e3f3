import { Inject, Injectable } from '@nestjs/common';
import { ApiError } from '../../core/errors/api-error';
import { SERVICE_CONFIG, ServiceConfig } from '../../options/service-config';

/**
 * Counts the batch downloads that are drawn while they stream (sheet.pdf and codes.zip), per
 * client address and in all on this instance, with the batch limits: each one keeps a CPU busy
 * for as long as it lasts, as a running batch does. A slot is taken before the first byte and
 * given back when the response closes, however it ends.
 */
@Injectable()
export class DownloadLimiter {
  private readonly open = new Map<string, number>();
  private total = 0;

  constructor(@Inject(SERVICE_CONFIG) private readonly config: ServiceConfig) {}

  /** Takes a slot for `client`, or throws 429 too_many_downloads (503 when the instance is full). */
  acquire(client: string): () => void {
    const { maxActivePerClient, maxActive } = this.config.batches;
    const held = this.open.get(client) ?? 0;
    if (held >= maxActivePerClient)
      throw new ApiError('too_many_downloads', { details: { maxActiveDownloads: maxActivePerClient } });
    if (this.total >= maxActive)
      throw new ApiError('service_unavailable', {
        message: 'The service is streaming the most batch downloads it allows at once.',
        hint: 'Retry after the number of seconds in the Retry-After header.',
        details: { maxActiveDownloads: maxActive },
        headers: { 'Retry-After': '5' },
      });
    this.open.set(client, held + 1);
    this.total++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total--;
      const now = (this.open.get(client) ?? 1) - 1;
      if (now === 0) this.open.delete(client);
      else this.open.set(client, now);
    };
  }
}
