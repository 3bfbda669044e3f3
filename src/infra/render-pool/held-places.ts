/**
 * Counts the requests an instance holds at once against a limit of places: `enter()` takes a place
 * or throws the refusal, and returns what gives the place back (once, however often it is called).
 * The admissions of the pooled routes (codes, scans) extend it with their limit and refusal.
 */
export abstract class HeldPlaces {
  private held = 0;

  /** How many requests may be held at once. */
  abstract get limit(): number;

  /** The error thrown when every place is taken. */
  protected abstract refusal(): Error;

  /** Holds a place for one request and returns what frees it; throws the refusal when none is free. */
  enter(): () => void {
    if (this.held >= this.limit) throw this.refusal();
    this.held++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.held--;
    };
  }
}
