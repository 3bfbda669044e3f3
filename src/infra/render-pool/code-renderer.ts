import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import type { StyledCodeOrder, StyledCodeRefusal } from '../../lib/qr/style/draw-styled-code';
import { SERVICE_CONFIG, ServiceConfig } from '../../options/service-config';
import { RENDER_CODE_TASK, type RenderedCode } from './render-code.render-task';
import { RenderPool, type RenderPoolLoad } from './render-pool';
import { RenderPoolClosedError } from './render-pool.errors';

/** The longest a code may take, waiting included: the largest PNG (version 40 at 40 px a module) takes seconds. */
const TASK_TIMEOUT_MS = 20_000;

/**
 * The module's one render pool for styled codes (`renderPool` options), shared by every surface
 * that draws them. Its workers start with the first styled code, so an application that never
 * draws one never starts a thread; the pool is closed when the application shuts down, after the
 * codes it admitted.
 */
@Injectable()
export class CodeRenderer implements OnApplicationShutdown {
  private pool: RenderPool<StyledCodeOrder, RenderedCode | StyledCodeRefusal> | undefined;
  private closed = false;

  constructor(@Inject(SERVICE_CONFIG) private readonly config: ServiceConfig) {}

  /** Draws and checks a code on a worker; rejects at once with RenderPoolBusyError when the queue is full. */
  render(order: StyledCodeOrder): Promise<RenderedCode | StyledCodeRefusal> {
    // After shutdown a new pool would outlive the application.
    if (this.closed && !this.pool) return Promise.reject(new RenderPoolClosedError());
    this.pool ??= new RenderPool(RENDER_CODE_TASK, { ...this.config.renderPool, taskTimeoutMs: TASK_TIMEOUT_MS });
    return this.pool.run(order);
  }

  /** How many codes run and wait now (none before the first). */
  get load(): RenderPoolLoad {
    return this.pool?.load ?? { workers: this.config.renderPool.workers, running: 0, queued: 0 };
  }

  /** Workers, and codes that may wait for them. */
  get capacity(): { workers: number; queueLimit: number } {
    return this.config.renderPool;
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    await this.pool?.close();
  }
}
