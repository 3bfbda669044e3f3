import { BeforeApplicationShutdown, Injectable } from '@nestjs/common';

/**
 * Whether this instance should still be sent traffic. Draining starts on SIGTERM (the standalone
 * service calls `startDraining()` first thing) or, in a host with shutdown hooks, when the
 * application begins to shut down; `GET /readyz` then answers 503 so a load balancer stops
 * routing here while requests keep being served.
 */
@Injectable()
export class Readiness implements BeforeApplicationShutdown {
  private drainingSince: number | null = null;

  get draining(): boolean {
    return this.drainingSince !== null;
  }

  startDraining(): void {
    this.drainingSince ??= Date.now();
  }

  beforeApplicationShutdown(): void {
    this.startDraining();
  }
}
