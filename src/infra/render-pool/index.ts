export { CHECK_CODE_TASK, type CheckCodeTask } from './check-code.render-task';
export { RENDER_CODE_TASK, type RenderedCode } from './render-code.render-task';
export { RenderPool, type RenderPoolLoad, type RenderPoolOptions } from './render-pool';
export {
  RenderPoolBusyError,
  RenderPoolClosedError,
  RenderPoolError,
  RenderTaskTimeoutError,
} from './render-pool.errors';
export { renderTaskModule, type RenderTaskModule } from './render-task-module';
export { CodeRenderer } from './code-renderer';
