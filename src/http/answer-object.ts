/**
 * What every answer object made by answerObject() inherits: Object.prototype's methods, and no
 * `constructor` of its own (it inherits Object's).
 */
const ANSWER_PROTOTYPE: object = Object.create(Object.prototype) as object;

/**
 * A new, empty object for a route handler to fill and return, which Nest then sends as JSON.
 * Before sending a result, Nest asks whether it is a plain object that may wrap a stream
 * (`isPlainObject` in its router): for an object literal that means comparing the source text of
 * its prototype's own constructor with Object's, two `Function.prototype.toString` calls that cost
 * about a microsecond a request; for an object on ANSWER_PROTOTYPE, which has no own
 * constructor, the answer is no at once. Anything else sees an object literal's behaviour:
 * JSON.stringify writes the same text in the same key order, the spread and `structuredClone()`
 * copy it into plain objects, `constructor` is Object, and Jest's toStrictEqual equals it to a
 * literal. The caller sets every property the type requires before it returns the object.
 */
export function answerObject<T extends object>(): T {
  return Object.create(ANSWER_PROTOTYPE) as T;
}
