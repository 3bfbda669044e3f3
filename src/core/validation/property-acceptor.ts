import type { Type } from '@nestjs/common';
/** What a PropertyAcceptor returns for a value it does not accept. */
export const REJECTED: unique symbol = Symbol('rejected');

/**
 * One property's class-transformer and class-validator rules fused into a single function. Given
 * the raw input value (undefined when the key is absent), it returns what plainToInstance would
 * assign when class-validator accepts the value, or REJECTED. It only has to be right about
 * "yes": a REJECTED value goes to class-validator, which decides it and writes the error response.
 */
export type PropertyAcceptor = (value: unknown) => unknown;

/** Acceptors by class prototype, then property name. */
const acceptors = new WeakMap<object, Map<string, PropertyAcceptor>>();

/**
 * Declares a property's acceptor, beside the decorators whose rules it fuses. The compiled fast
 * path (compileDtoValidator) calls it instead of the property's @Transform functions and
 * constraints: one call per property instead of a dozen, which on POST /v1/vcard was most of
 * what validation cost. A decorator that emits both from one rule table (ContactProperty) keeps
 * them from drifting; compiled-dto-validator.spec checks every acceptance against class-validator.
 */
export function AcceptedBy(acceptor: PropertyAcceptor): PropertyDecorator {
  return (target, key) => {
    let byName = acceptors.get(target);
    if (byName === undefined) acceptors.set(target, (byName = new Map()));
    byName.set(String(key), acceptor);
  };
}

/** The acceptor declared for a property of a class or of one of its ancestors, if any. */
export function propertyAcceptor(metatype: Type, property: string): PropertyAcceptor | undefined {
  for (let prototype: object | null = metatype.prototype as object; prototype; prototype = Object.getPrototypeOf(prototype)) {
    const acceptor = acceptors.get(prototype)?.get(property);
    if (acceptor) return acceptor;
  }
  return undefined;
}
