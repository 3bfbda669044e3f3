import { extname, join } from 'node:path';

declare const taskTypes: unique symbol;

/**
 * A module the render pool's worker threads load: its default export runs one task (a plain object, copied or
 * transferred to the worker) and returns, or resolves to, the result. The type parameters tie a pool to the task
 * and result its module takes and gives.
 */
export interface RenderTaskModule<Task, Result> {
  /** The module's absolute path. */
  readonly file: string;
  readonly [taskTypes]?: (task: Task) => Result;
}

/**
 * The task module `name` in `directory`, typed by its default export `Run` (named with `import type`, so the main
 * thread never loads what the task needs), with the extension this file has. Compiled into dist/ that is `.js`; when
 * Jest runs the TypeScript sources it is `.ts`, and the pool has each worker load it through a TypeScript hook.
 */
export function renderTaskModule<Run extends (task: never) => unknown>(
  directory: string,
  name: string,
): RenderTaskModule<Parameters<Run>[0], Awaited<ReturnType<Run>>> {
  return { file: join(directory, `${name}${extname(__filename)}`) };
}
