import {
  ArgumentMetadata,
  Injectable,
  Type,
  ValidationError,
  ValidationPipe,
  ValidationPipeOptions,
} from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import { MAX_LISTED_ISSUES, namesPrototypeMember, shownPath, type FieldIssue } from '../../lib/contact';
import { ApiError } from '../errors/api-error';
import { bodyShapeIssue, invalidRequest } from './invalid-request';

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

const unknownFieldMessage = (shown: string): string => `${shown} is not a known field`;

function toIssues(errors: ValidationError[], parent = ''): FieldIssue[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const constraints = Object.entries(error.constraints ?? {});
    const shown = shownPath(field);
    const own = constraints.slice(0, 1).map(([name, message]) => ({
      field: shown,
      issue: BUILT_IN_ISSUES[name] ?? name,
      message: name === 'whitelistValidation' ? unknownFieldMessage(shown) : message,
    }));
    return [...own, ...toIssues(error.children ?? [], field)];
  });
}

/** The issue class-validator's whitelist reports for an unknown key, for the keys it never sees. */
function unknownKeyIssue(key: string): FieldIssue {
  const shown = shownPath(key);
  return { field: shown, issue: 'unknown', message: unknownFieldMessage(shown) };
}

/** Stands in for an object or array in a declared field: not a string, and nothing to walk. */
const NOT_A_STRING = true;

function copyDeclared(value: Record<string, unknown>, declared: ReadonlySet<string>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const key of declared) if (Object.hasOwn(value, key)) copy[key] = value[key];
  return copy;
}

/** The stock ValidationPipe options underneath ApiValidationPipe (the unit spec's reference too). */
export const VALIDATION_PIPE_OPTIONS: ValidationPipeOptions = {
  whitelist: true,
  forbidNonWhitelisted: true,
  forbidUnknownValues: true,
  transform: true,
  stopAtFirstError: true,
  validationError: { target: false, value: false },
  exceptionFactory: (errors) => invalidRequest(toIssues(errors)),
};

/**
 * ValidationPipe with the contract's error shape: 400 invalid_request listing every rejected body
 * field, or 400 invalid_query naming the parameter. Unknown body fields are rejected so a typo
 * (`name` for `fullName`) never silently vanishes.
 *
 * For query DTOs and the batch body's shape; a contact is validated by ContactValidator.
 */
@Injectable()
export class ApiValidationPipe extends ValidationPipe {
  /** Per DTO class, the property names its decorators declare (the whitelist). */
  private readonly declared = new Map<Type, ReadonlySet<string>>();

  constructor() {
    super(VALIDATION_PIPE_OPTIONS);
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const isDto = typeof metadata.metatype === 'function' && this.toValidate(metadata);
    if (metadata.type === 'body' && isDto) {
      const issue = bodyShapeIssue(value);
      if (issue) throw invalidRequest([issue]);
      return this.transformBody(value as Record<string, unknown>, metadata);
    }
    try {
      const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
      return isDto && isObject
        ? await this.transformBody(value as Record<string, unknown>, metadata)
        : await super.transform(value, metadata);
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
   * A body (or query) object, in one pass over its keys whatever their number: unknown keys are set aside
   * (at most MAX_LISTED_ISSUES of them named), and a declared field holding an object or array is
   * replaced by a non-string stand-in before class-transformer sees it, so no nesting is ever
   * walked (a deep body once overflowed its recursion) and the field still gets the usual
   * "must be a string". Only the declared fields reach class-validator. The issues keep the stock
   * pipe's order: unknown keys first, then the fields' own issues, then the keys the stock pipe
   * would let vanish (unseenUnknownKeys).
   */
  private async transformBody(value: Record<string, unknown>, metadata: ArgumentMetadata): Promise<unknown> {
    const metatype = metadata.metatype as Type;
    const declared = this.declaredProperties(metatype);
    const prototype = metatype.prototype as object;
    const unknown: string[] = [];
    const unseen: string[] = [];
    let unknownCount = 0;
    let known: Record<string, unknown> | null = null;
    for (const key of Object.keys(value)) {
      if (!declared.has(key)) {
        unknownCount += 1;
        const list = namesPrototypeMember(key) || key in prototype ? unseen : unknown;
        if (unknown.length + unseen.length < MAX_LISTED_ISSUES) list.push(key);
        continue;
      }
      const field = value[key];
      if (unknownCount > 0 || (typeof field === 'object' && field !== null)) known ??= copyDeclared(value, declared);
      if (known && typeof field === 'object' && field !== null) known[key] = NOT_A_STRING;
    }
    if (unknownCount > 0) known ??= copyDeclared(value, declared);
    const checked = known ?? value;
    let fieldIssues: FieldIssue[] = [];
    let result: unknown;
    try {
      result = await super.transform(checked, metadata);
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== 'invalid_request') throw error;
      fieldIssues = (error.extras.details?.fields ?? []) as FieldIssue[];
    }
    if (unknownCount === 0 && fieldIssues.length === 0) return result;
    const issues = [...unknown.map(unknownKeyIssue), ...fieldIssues, ...unseen.map(unknownKeyIssue)];
    throw invalidRequest(issues, unknownCount + fieldIssues.length);
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
}

export function createValidationPipe(): ApiValidationPipe {
  return new ApiValidationPipe();
}
