import { Injectable } from '@nestjs/common';
import { CodeRenderer } from '../../infra/render-pool/code-renderer';
import { rendererBusy } from './qrcodes.service';

/**
 * Bounds the POST /v1/qrcodes requests this instance holds at once, from the moment their body
 * starts to be read until they are answered: four per place in the render pool (its workers and
 * its queue). Each holds at most a body (QRCODE_BODY_LIMIT_BYTES) and its decoded logo, so a flood
 * of logo requests takes a bounded amount of memory; one more is refused at once, before its body
 * is read, with 503 renderer_busy.
 */
@Injectable()
export class QrCodeAdmission {
  private held = 0;

  constructor(private readonly renderer: CodeRenderer) {}

  get limit(): number {
    const { workers, queueLimit } = this.renderer.capacity;
    return 4 * (workers + queueLimit);
  }

  /** Holds a place for one request and returns what frees it; throws renderer_busy when none is free. */
  enter(): () => void {
    if (this.held >= this.limit) throw rendererBusy();
    this.held++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.held--;
    };
  }
}
