import { describe, expect, it } from '@jest/globals';
import { HeldPlaces } from './held-places';

class TwoPlaces extends HeldPlaces {
  get limit(): number {
    return 2;
  }
  protected refusal(): Error {
    return new Error('full');
  }
}

describe('HeldPlaces', () => {
  it('refuses the request after the last place and frees a place once per release', () => {
    const places = new TwoPlaces();
    const first = places.enter();
    places.enter();
    expect(() => places.enter()).toThrow('full');
    first();
    first();
    const third = places.enter();
    expect(() => places.enter()).toThrow('full');
    third();
    expect(() => places.enter()).not.toThrow();
  });
});
