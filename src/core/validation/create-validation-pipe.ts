import { ArgumentMetadata, Type, ValidationError, ValidationPipe, ValidationPipeOptions } from '@nestjs/common';
import { ApiError } from '../errors/api-error';
import { CompiledDtoValidator, compileDtoValidator } from './compiled-dto-validator';

/** One rejected input, as listed in error.details.fields. */
export interface FieldIssue {
  field: string;
  /** Machine-readable reason: required, type, unknown, too_long, format, invalid_unicode, ... */
  issue: string;
  /** Human-readable; never contains the submitted value. */
  message: string;
}

/** class-validator's built-in constraint names, mapped to the contract's issue names. */
const BUILT_IN_ISSUES: Record<string, string> = {
  isString: 'type',
  isInt: 'type',
  whitelistValidation: 'unknown',
  isDefined: 'required',
  min: 'out_of_range',
  max: 'out_of_range',
};

/** The types ValidationPipe.toValidate never validates; a Set instead of its per-call array. */
const UNVALIDATED_TYPES = new Set<unknown>([String, Boolean, Number, Array, Object, Buffer, Date]);

function toIssues(errors: ValidationError[], parent = ''): FieldIssue[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const constraints = Object.entries(error.constraints ?? {});
    // Unknown keys are client-chosen text: shorten them rather than echo arbitrarily long input.
    const shown = field.length > 64 ? `${field.slice(0, 61)}...` : field;
    const own = constraints.slice(0, 1).map(([name, message]) => ({
      field: shown,
      issue: BUILT_IN_ISSUES[name] ?? name,
      message: name === 'whitelistValidation' ? `${shown} is not a known field` : message,
    }));
    return [...own, ...toIssues(error.children ?? [], field)];
  });
}

function bodyShapeIssue(value: unknown): FieldIssue | null {
  if (value === undefined || value === null) {
    return { field: '(body)', issue: 'required', message: 'A JSON object body is required.' };
  }
  if (typeof value !== 'object' || Array.isArray(value)) {
    return { field: '(body)', issue: 'type', message: 'The request body must be a JSON object.' };
  }
  return null;
}

/** The stock ValidationPipe options underneath ApiValidationPipe (the unit spec's reference too). */
export const VALIDATION_PIPE_OPTIONS: ValidationPipeOptions = {
  whitelist: true,
  forbidNonWhitelisted: true,
  forbidUnknownValues: true,
  transform: true,
  stopAtFirstError: true,
  validationError: { target: false, value: false },
  exceptionFactory: (errors) => new ApiError('invalid_request', { details: { fields: toIssues(errors) } }),
};

/**
 * ValidationPipe with the contract's error shape: 400 invalid_request listing every rejected body
 * field, or 400 invalid_query naming the parameter. Unknown body fields are rejected so a typo
 * (`name` for `fullName`) never silently vanishes.
 *
 * Valid input takes a fast path compiled from each DTO's own decorators (compileDtoValidator);
 * everything else, and every DTO that cannot be compiled, goes through class-validator as before.
 */
class ApiValidationPipe extends ValidationPipe {
  /** Per DTO class, compiled on first use; null when the class keeps class-validator. */
  private readonly compiled = new Map<Type, CompiledDtoValidator<object> | null>();

  constructor() {
    super(VALIDATION_PIPE_OPTIONS);
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const isDto = typeof metadata.metatype === 'function' && this.toValidate(metadata);
    if (metadata.type === 'body' && isDto) {
      const issue = bodyShapeIssue(value);
      if (issue) throw new ApiError('invalid_request', { details: { fields: [issue] } });
    }
    try {
      if (isDto) {
        const outcome = this.compiledFor(metadata.metatype as Type)?.(value);
        if (outcome?.accepted) return outcome.entity;
      }
      return await super.transform(value, metadata);
    } catch (error) {
      if (metadata.type === 'query' && error instanceof ApiError && error.code === 'invalid_request') {
        const [first] = (error.extras.details?.fields ?? []) as FieldIssue[];
        throw new ApiError('invalid_query', {
          message: first ? `The query parameter ${first.field} is invalid: ${first.message}` : undefined,
          details: { parameter: first?.field, issue: first?.issue },
        });
      }
      throw error;
    }
  }

  /** ValidationPipe's own rule, without allocating its list of types on every parameter. */
  protected override toValidate(metadata: ArgumentMetadata): boolean {
    const { metatype, type } = metadata;
    if (type === 'custom' && !this.validateCustomDecorators) return false;
    return metatype !== undefined && metatype !== null && !UNVALIDATED_TYPES.has(metatype);
  }

  private compiledFor(metatype: Type): CompiledDtoValidator<object> | null {
    let compiled = this.compiled.get(metatype);
    if (compiled === undefined) {
      compiled = compileDtoValidator(metatype, this.validatorOptions);
      this.compiled.set(metatype, compiled);
    }
    return compiled;
  }
}

export function createValidationPipe(): ValidationPipe {
  return new ApiValidationPipe();
}
