/** A task the render pool did not run to its end; never carries the task's content. */
export abstract class RenderPoolError extends Error {}

/** Every worker is busy and the queue is full: the task was refused at once, and may be sent again later. */
export class RenderPoolBusyError extends RenderPoolError {
  constructor(readonly queueLimit: number) {
    super(`The render pool is busy: every worker runs a task and ${queueLimit} more are waiting.`);
    this.name = 'RenderPoolBusyError';
  }
}

/** The task did not finish within the pool's timeout; a task that was running had its worker ended and replaced. */
export class RenderTaskTimeoutError extends RenderPoolError {
  constructor(readonly timeoutMs: number) {
    super(`The render task did not finish within ${timeoutMs} ms.`);
    this.name = 'RenderTaskTimeoutError';
  }
}

/** The pool is closing or closed and takes no new task. */
export class RenderPoolClosedError extends RenderPoolError {
  constructor() {
    super('The render pool is closed.');
    this.name = 'RenderPoolClosedError';
  }
}
