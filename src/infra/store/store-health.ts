/** Port: whether the store the service depends on is reachable (health checks). */
export abstract class StoreHealth {
  /** Resolves true when the store answers; never rejects. */
  abstract isHealthy(): Promise<boolean>;
}
