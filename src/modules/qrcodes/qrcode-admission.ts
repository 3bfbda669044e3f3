import { Injectable } from '@nestjs/common';
import { CodeRenderer } from '../../infra/render-pool/code-renderer';
import { HeldPlaces } from '../../infra/render-pool/held-places';
import { rendererBusy } from './qrcodes.service';

/**
 * Bounds the POST /v1/qrcodes requests this instance holds at once, from the moment their body
 * starts to be read until they are answered: four per place in the render pool (its workers and
 * its queue). Each holds at most a body (QRCODE_BODY_LIMIT_BYTES) and its decoded logo, so a flood
 * of logo requests takes a bounded amount of memory; one more is refused at once, before its body
 * is read, with 503 renderer_busy.
 */
@Injectable()
export class QrCodeAdmission extends HeldPlaces {
  constructor(private readonly renderer: CodeRenderer) {
    super();
  }

  get limit(): number {
    const { workers, queueLimit } = this.renderer.capacity;
    return 4 * (workers + queueLimit);
  }

  protected refusal(): Error {
    return rendererBusy();
  }
}
