import { createParamDecorator, ExecutionContext, Type } from '@nestjs/common';
import type { HttpRequestLike } from '../../http/native-http';
import { createValidationPipe } from './create-validation-pipe';

/** One pipe for every decorated parameter: it caches each DTO class's compiled checks. */
const pipe = createValidationPipe();

const validated = createParamDecorator((metatype: Type<object>, context: ExecutionContext) =>
  pipe.validateBody(context.switchToHttp().getRequest<HttpRequestLike>().body, metatype),
);

/**
 * The request body, validated against the parameter's DTO class with exactly the rules and error
 * responses of the validation pipe (create-validation-pipe.ts), without Nest's pipe chain.
 *
 * Why not `@Body()` with a global pipe: Nest runs every piped parameter (the body, and with a
 * global pipe every `@Query()` too) through a chain of promises. Here a body the compiled fast
 * path accepts is returned synchronously, with no promise; any other body takes the pipe's own
 * asynchronous path, so every error response stays the pipe's. Together with @IdempotencyKey()
 * replacing a guard, this took about 4 µs off a POST /v1/vcard (README, Benchmark).
 *
 * There is no global pipe, so the app never validates a parameter twice; DTO-typed `@Query()` or
 * `@Param()` parameters name ApiValidationPipe themselves (validation-coverage.e2e-spec checks
 * every route).
 */
export function ValidatedBody(): ParameterDecorator {
  return (target, key, index) => {
    const types = Reflect.getMetadata('design:paramtypes', target, key as string | symbol) as unknown[] | undefined;
    const metatype = types?.[index];
    if (typeof metatype !== 'function' || metatype === Object) {
      throw new Error(`ValidatedBody needs a DTO class as the parameter's type (${String(key)}, parameter ${index})`);
    }
    validated(metatype as Type<object>)(target, key, index);
  };
}
