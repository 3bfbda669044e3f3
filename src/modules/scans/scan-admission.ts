import { Injectable } from '@nestjs/common';
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
export class ScanAdmission {
  private held = 0;

  constructor(private readonly pools: RenderPools) {}

  get limit(): number {
    const { workers, queueLimit } = this.pools.scans;
    return workers + queueLimit;
  }

  /** Holds a place for one request and returns what frees it; throws scanner_busy when none is free. */
  enter(): () => void {
    if (this.held >= this.limit) throw scannerBusy();
    this.held++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.held--;
    };
  }
}
