// CPU time and the spread of per-round figures, for the benches that time code in their own process.

/** This process's CPU time so far (user and system), in ms. */
export function cpuMs() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Median, p10, p90, min and max of `values`, each to 0.1. */
export function spread(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (share) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] * 10) / 10;
  return { median: at(0.5), p10: at(0.1), p90: at(0.9), min: at(0), max: at(1) };
}
