import type { Type } from '@nestjs/common';
import { ClassTransformOptions, TransformationType, TransformFnParams } from 'class-transformer';
import type { MetadataStorage as TransformerMetadataStorage } from 'class-transformer/types/MetadataStorage';
import { getMetadataStorage, ValidationArguments, ValidationTypes, ValidatorOptions } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { PropertyAcceptor, propertyAcceptor, REJECTED } from './property-acceptor';

// class-transformer keeps @Transform metadata in a module-level storage that its index does not
// export; this is the module its decorators write to (class-validator's storage is a global).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the storage has no public export
const transformerMetadata = (require('class-transformer/cjs/storage') as { defaultMetadataStorage: TransformerMetadataStorage })
  .defaultMetadataStorage;

/** plainToInstance's default options: what a @Transform function receives as `options`. */
const TRANSFORM_OPTIONS: ClassTransformOptions = Object.freeze({
  enableCircularCheck: false,
  enableImplicitConversion: false,
  excludeExtraneousValues: false,
  exposeDefaultValues: false,
  exposeUnsetFields: true,
  ignoreDecorators: false,
});

// Read once: the CommonJS index re-exports it through a getter.
const PLAIN_TO_CLASS = TransformationType.PLAIN_TO_CLASS;

/** Validator options reproduced here; a pipe that sets any other is not compiled. */
const SUPPORTED_OPTIONS = new Set(['whitelist', 'forbidNonWhitelisted', 'forbidUnknownValues', 'stopAtFirstError', 'validationError']);

/** Keys ValidationPipe deletes from the input itself (stripProtoKeys): left to the original path. */
const STRIPPED_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

type Transform = (params: TransformFnParams) => unknown;
type Condition = (entity: object, value: unknown) => boolean;
type Check = (entity: object, value: unknown) => unknown;

/** How the first pass treats an input key that names a validated property. */
interface PropertyInput {
  transforms: Transform[];
  /** plainToInstance leaves the key out (it names a method or accessor of the class). */
  skipped: boolean;
  /** Set when the property declares one (@AcceptedBy): it replaces the transforms and the plan. */
  acceptor?: PropertyAcceptor;
  /** With an acceptor: it rejects absence, so the key must be in the input. */
  required?: boolean;
}

interface PropertyPlan {
  name: string;
  /** All must hold for the property to be validated at all (@IsOptional). */
  conditions: Condition[];
  /** @IsDefined first, then the others in decorator order, as class-validator runs them. */
  checks: Check[];
}

/**
 * `accepted: false` means rejected *or* outside the fast path; either way the caller runs the
 * original class-transformer + class-validator path, which builds the error response.
 */
export type CompiledOutcome<T> = { accepted: true; entity: T } | { accepted: false };

export type CompiledDtoValidator<T> = (plain: unknown) => CompiledOutcome<T>;

const NOT_ACCEPTED = Object.freeze({ accepted: false as const });

/**
 * Compiles a DTO class's class-transformer and class-validator metadata, read once from the
 * storages its decorators wrote to, into one function that does what ValidationPipe does for a
 * valid request (plainToInstance, then validate with whitelist) without the per-request metadata
 * look-ups, promises and error objects that make class-validator the largest cost of a request.
 * The decorators stay the single source of truth: the compiled function calls their @Transform
 * functions and their validators' own `validate` methods, in class-validator's order.
 *
 * It only ever accepts. A body that fails a check, and any input outside the fast path (an object
 * or array value, a key the pipe strips, a validator answering anything but `true`), is handed
 * back to the original path, so a wrong "no" only costs time and every error response is
 * class-validator's own. The unit spec checks that every "yes" matches class-validator's.
 *
 * A property with an acceptor (@AcceptedBy) is decided by that one function instead of its
 * transforms and checks, in the same pass that copies the input keys.
 *
 * Returns null (keep class-validator) for metadata it does not reproduce: nested or promise
 * validation, `each`, `validateIf`, asynchronous constraints, class-transformer @Type, @Expose or
 * @Exclude, and validator options outside SUPPORTED_OPTIONS or without `whitelist`.
 */
export function compileDtoValidator<T extends object>(metatype: new () => T, options: ValidatorOptions): CompiledDtoValidator<T> | null {
  if (!isSupported(options)) return null;
  const storage = getMetadataStorage();
  // The same query class-validator makes for validate(entity) with these options.
  const metadatas = storage.getTargetValidationMetadatas(metatype, undefined as unknown as string, false, false, undefined);
  if (metadatas.length === 0 || !isPlainTransformerClass(metatype)) return null;

  const plans: PropertyPlan[] = [];
  // Every validated property (the whitelist), with what plainToInstance does to its value.
  const properties = new Map<string, PropertyInput>();
  const sample = new metatype();
  let requiredAcceptors = 0;
  for (const [name, propertyMetadatas] of Object.entries(storage.groupByPropertyName(metadatas))) {
    const plan = planProperty(metatype, name, propertyMetadatas);
    if (plan === null || transformerMetadata.findTypeMetadata(metatype, name)) return null;
    const skipped = skippedByPlainToInstance(sample, name);
    // An absent key leaves a class default in place, which class-validator checks and an acceptor
    // never sees: such a property keeps its plan.
    const hasDefault = (sample as Record<string, unknown>)[name] !== undefined;
    const acceptor = skipped || hasDefault ? undefined : propertyAcceptor(metatype, name);
    if (acceptor) {
      const required = acceptor(undefined) === REJECTED;
      if (required) requiredAcceptors += 1;
      properties.set(name, { transforms: [], skipped, acceptor, required });
      continue;
    }
    plans.push(plan);
    properties.set(name, { transforms: transformsOf(metatype, name), skipped });
  }
  const forbidUnknown = options.forbidNonWhitelisted === true;

  return (plain) => {
    if (typeof plain !== 'object' || plain === null || Array.isArray(plain)) return NOT_ACCEPTED;
    const source = plain as Record<string, unknown>;
    // plainToInstance: a new instance (class fields and defaults), then each input key in order.
    const entity = new metatype() as Record<string, unknown>;
    let requiredSeen = 0;
    for (const key of Object.keys(source)) {
      let value = source[key];
      if (STRIPPED_KEYS.has(key) || (typeof value === 'object' && value !== null)) return NOT_ACCEPTED;
      const property = properties.get(key);
      if (property?.acceptor) {
        value = property.acceptor(value);
        if (value === REJECTED) return NOT_ACCEPTED;
        entity[key] = value;
        if (property.required) requiredSeen += 1;
        continue;
      }
      if (property === undefined ? skippedByPlainToInstance(entity, key) : property.skipped) continue;
      for (const transform of property?.transforms ?? []) {
        value = transform({ value, key, obj: source, type: PLAIN_TO_CLASS, options: TRANSFORM_OPTIONS });
      }
      entity[key] = value;
    }
    // Keys are unique, so every property whose acceptor rejects absence was in the input.
    if (requiredSeen !== requiredAcceptors) return NOT_ACCEPTED;
    // whitelist: own properties without validation metadata are an error, or are stripped.
    for (const key of Object.keys(entity)) {
      if (properties.has(key)) continue;
      if (forbidUnknown) return NOT_ACCEPTED;
      delete entity[key];
    }
    for (const { name, conditions, checks } of plans) {
      const value = entity[name];
      let validated = true;
      // class-validator evaluates every condition, not just up to the first false one.
      for (const condition of conditions) validated = condition(entity, value) && validated;
      if (!validated) continue;
      for (const check of checks) if (check(entity, value) !== true) return NOT_ACCEPTED;
    }
    return { accepted: true, entity: entity as T };
  };
}

/** plainToInstance leaves out input keys that name a getter or a method of the class (toString...). */
function skippedByPlainToInstance(entity: object, key: string): boolean {
  const descriptor = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(entity), key);
  return (descriptor !== undefined && !descriptor.set) || (entity as Record<string, unknown>)[key] instanceof Function;
}

function isSupported(options: ValidatorOptions): boolean {
  const unsupported = Object.entries(options).some(([name, value]) => value !== undefined && !SUPPORTED_OPTIONS.has(name));
  return !unsupported && options.whitelist === true;
}

function isPlainTransformerClass(metatype: Type): boolean {
  return (
    transformerMetadata.getStrategy(metatype) === 'none' &&
    transformerMetadata.getExposedMetadatas(metatype).length === 0 &&
    transformerMetadata.getExcludedMetadatas(metatype).length === 0
  );
}

/** The @Transform functions plainToInstance applies to `name`, in its order and with its filters. */
function transformsOf(metatype: Type, name: string): Transform[] {
  return transformerMetadata
    .findTransformMetadatas(metatype, name, PLAIN_TO_CLASS)
    .filter((m) => !m.options?.groups?.length)
    .map((m) => m.transformFn);
}

function planProperty(metatype: Type, name: string, metadatas: ValidationMetadata[]): PropertyPlan | null {
  const conditions: Condition[] = [];
  const defined: Check[] = [];
  const others: Check[] = [];
  for (const metadata of metadatas) {
    if (metadata.each || metadata.validateIf) return null;
    switch (metadata.type) {
      case ValidationTypes.WHITELIST:
        break;
      case ValidationTypes.CONDITIONAL_VALIDATION:
        conditions.push(metadata.constraints[0] as Condition);
        break;
      case ValidationTypes.IS_DEFINED:
      case ValidationTypes.CUSTOM_VALIDATION: {
        const checks = constraintChecks(metatype, name, metadata);
        if (checks === null) return null;
        (metadata.type === ValidationTypes.IS_DEFINED ? defined : others).push(...checks);
        break;
      }
      default:
        return null;
    }
  }
  return { name, conditions, checks: [...defined, ...others] };
}

/**
 * One check per constraint of a metadata entry, calling the validator's own `validate` with the
 * ValidationArguments class-validator would pass. The arguments object is built once and updated
 * per call: checks are synchronous (a promise result goes back to class-validator), so no
 * validator can see it change under its feet.
 */
function constraintChecks(metatype: Type, property: string, metadata: ValidationMetadata): Check[] | null {
  const constraints = getMetadataStorage().getTargetValidatorConstraints(metadata.constraintCls);
  if (constraints.some((c) => c.async)) return null;
  return constraints.map((constraint) => {
    // ConstraintMetadata.instance is a container look-up on every read: resolve it once.
    const { instance } = constraint;
    const args: ValidationArguments = {
      targetName: metatype.name,
      property,
      object: {},
      value: undefined,
      constraints: metadata.constraints,
    };
    return (entity, value) => {
      args.object = entity;
      args.value = value;
      return instance.validate(value, args);
    };
  });
}
