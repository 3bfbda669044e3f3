import { ArgumentMetadata, Injectable, Type, ValidationError, ValidationPipe, ValidationPipeOptions } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
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

/** Unknown keys are client-chosen text: shortened rather than echoing arbitrarily long input. */
function shownField(field: string): string {
  return field.length > 64 ? `${field.slice(0, 61)}...` : field;
}

const unknownFieldMessage = (shown: string): string => `${shown} is not a known field`;

function toIssues(errors: ValidationError[], parent = ''): FieldIssue[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const constraints = Object.entries(error.constraints ?? {});
    const shown = shownField(field);
    const own = constraints.slice(0, 1).map(([name, message]) => ({
      field: shown,
      issue: BUILT_IN_ISSUES[name] ?? name,
      message: name === 'whitelistValidation' ? unknownFieldMessage(shown) : message,
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

/** Keys ValidationPipe deletes from the input before validating (its stripProtoKeys). */
const STRIPPED_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

/** The issue class-validator's whitelist reports for an unknown key, for the keys it never sees. */
function unknownKeyIssue(key: string): FieldIssue {
  const shown = shownField(key);
  return { field: shown, issue: 'unknown', message: unknownFieldMessage(shown) };
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
@Injectable()
export class ApiValidationPipe extends ValidationPipe {
  /** Per DTO class, compiled on first use; null when the class keeps class-validator. */
  private readonly compiled = new Map<Type, CompiledDtoValidator<object> | null>();
  /** Per DTO class, the property names its decorators declare (the whitelist). */
  private readonly declared = new Map<Type, ReadonlySet<string>>();

  constructor() {
    super(VALIDATION_PIPE_OPTIONS);
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const isDto = typeof metadata.metatype === 'function' && this.toValidate(metadata);
    if (metadata.type === 'body' && isDto) {
      const issue = bodyShapeIssue(value);
      if (issue) throw new ApiError('invalid_request', { details: { fields: [issue] } });
    }
    // Read before anything strips them: see unseenUnknownKeys.
    const unseen = isDto ? this.unseenUnknownKeys(value, metadata.metatype as Type) : [];
    try {
      let result: unknown;
      try {
        const accepted = unseen.length === 0 && isDto ? this.compiledAccept(value, metadata.metatype as Type) : undefined;
        result = accepted ?? (await super.transform(value, metadata));
      } catch (error) {
        if (unseen.length === 0 || !(error instanceof ApiError) || error.code !== 'invalid_request') throw error;
        const fields = (error.extras.details?.fields ?? []) as FieldIssue[];
        throw new ApiError('invalid_request', { details: { fields: [...fields, ...unseen.map(unknownKeyIssue)] } });
      }
      if (unseen.length > 0) {
        throw new ApiError('invalid_request', { details: { fields: unseen.map(unknownKeyIssue) } });
      }
      return result;
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

  /**
   * What transform() resolves to for a request body of a DTO class, without a promise when it can: the validated
   * instance at once when the compiled fast path accepts the value, else transform()'s promise
   * (its fulfilment or its error response). For @ValidatedBody(), which runs outside Nest's pipe
   * chain.
   */
  validateBody<T extends object>(value: unknown, metatype: Type<T>): T | Promise<T> {
    const accepted = this.unseenUnknownKeys(value, metatype).length === 0 ? this.compiledAccept(value, metatype) : undefined;
    return (accepted as T | undefined) ?? (this.transform(value, { type: 'body', metatype, data: undefined }) as Promise<T>);
  }

  /** The instance the compiled fast path builds, or undefined: rejected, or not for that path. */
  private compiledAccept(value: unknown, metatype: Type): object | undefined {
    const outcome = this.compiledFor(metatype)?.(value);
    return outcome?.accepted ? outcome.entity : undefined;
  }

  /**
   * Unknown keys that the whitelist check never sees, so they would vanish silently instead of
   * being rejected like any other unknown key: ValidationPipe deletes `__proto__`, `prototype` and
   * `constructor` from the input, and class-transformer skips keys naming a method or accessor of
   * the class or Object.prototype (`toString`, `valueOf`, `hasOwnProperty`, ...).
   */
  private unseenUnknownKeys(value: unknown, metatype: Type): string[] {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
    const declared = this.declaredProperties(metatype);
    const prototype = metatype.prototype as object;
    const unseen: string[] = [];
    for (const key of Object.keys(value)) {
      if (!declared.has(key) && (STRIPPED_KEYS.has(key) || key in prototype)) unseen.push(key);
    }
    return unseen;
  }

  private declaredProperties(metatype: Type): ReadonlySet<string> {
    let declared = this.declared.get(metatype);
    if (declared === undefined) {
      const metadatas = getMetadataStorage().getTargetValidationMetadatas(metatype, '', false, false, undefined);
      declared = new Set(metadatas.map((metadata) => metadata.propertyName));
      this.declared.set(metatype, declared);
    }
    return declared;
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

export function createValidationPipe(): ApiValidationPipe {
  return new ApiValidationPipe();
}
