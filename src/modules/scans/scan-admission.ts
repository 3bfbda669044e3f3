import { Injectable } from '@nestjs/common';
import { HeldPlaces } from '../../infra/render-pool/held-places';
import { RenderPools } from '../../infra/render-pool/render-pools';
import { scannerBusy } from './scan-refusals';

/**
 * Bounds the POST /v1/scans requests this instance holds at once, from the moment their body
 * starts to be read until they are answered: one per place in the scan pool (its workers and its
 * queue). Each holds at most a body (SCAN_BODY_LIMIT_BYTES) and its decoded pixels, so a flood of
 * scans takes a bounded amount of memory and event-loop time; one more is refused at once, before
 * its body is read, with 503 scanner_busy.
 */
@Injectable()
export class ScanAdmission extends HeldPlaces {
  constructor(private readonly pools: RenderPools) {
    super();
  }

  get limit(): number {
    const { workers, queueLimit } = this.pools.scans;
    return workers + queueLimit;
  }

  protected refusal(): Error {
    return scannerBusy();
  }
}
