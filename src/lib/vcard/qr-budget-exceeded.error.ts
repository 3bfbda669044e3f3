import type { QrLevel } from './qr-capacity';

/**
 * A card that does not fit the requested QR version and level even with every property the budget
 * may leave out gone. Carries numbers only, never a contact value.
 */
export class QrBudgetExceededError extends Error {
  constructor(
    readonly qrVersion: number,
    readonly qrLevel: QrLevel,
    readonly capacity: number,
    /** The payload's bytes with every droppable property gone. */
    readonly bytes: number,
  ) {
    super(
      `vCard payload is ${bytes} bytes with every droppable property gone; QR version ${qrVersion} at level ${qrLevel} holds ${capacity}`,
    );
    this.name = 'QrBudgetExceededError';
  }
}
