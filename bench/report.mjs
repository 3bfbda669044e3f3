// Targets of issue 6 and the readable table. The targets live here only: no test asserts timings.

const TARGETS = {
  vcardRatio: 0.85,
  halfRateP99Ms: 5,
  peakRssMB: 150,
  // Growth after warm-up that still counts as flat: GC heap sizing moves RSS by a few MB.
  flatGrowthMB: 10,
};

/**
 * RSS after warm-up (the first quarter of the samples): its range, and how much the upper envelope
 * rose, i.e. the highest value of the second half minus the highest of the first half. GC makes
 * RSS a sawtooth, so "last minus first" would measure where the saw happened to be; a leak instead
 * lifts the whole envelope.
 */
export function rssTrend(values) {
  if (values.length < 8) return null;
  const settled = values.slice(Math.floor(values.length / 4));
  const half = Math.floor(settled.length / 2);
  const round = (v) => Number(v.toFixed(1));
  return {
    minMB: round(Math.min(...settled)),
    maxMB: round(Math.max(...settled)),
    lastMB: round(settled[settled.length - 1]),
    envelopeGrowthMB: round(Math.max(...settled.slice(half)) - Math.max(...settled.slice(0, half))),
  };
}

export function evaluateTargets(results) {
  const vcard = results.routes.find((r) => r.route === 'POST /v1/vcard');
  // The service runs every route in one process, jobs last; peaks are the process's VmHWM so far.
  const requestRoutes = results.routes.filter((r) => r.route !== 'POST /v1/jobs/vcard');
  const routesPeak = Math.max(
    ...requestRoutes.map((r) => r.service.peakRssMB),
    results.logging.info.peakRssMB,
    results.logging.silent.peakRssMB,
  );
  const jobsPeak = Math.max(
    results.jobsMemory.peakRssMB ?? 0,
    ...results.routes.filter((r) => !requestRoutes.includes(r)).map((r) => r.service.peakRssMB),
  );
  const vcardGrowth = vcard ? (rssTrend(vcard.serviceRssSamples.map((s) => s.mb))?.envelopeGrowthMB ?? null) : null;
  const heapGrowth = results.jobsMemory.heapAfterGcGrowthMB ?? null;
  const halfP99 = vcard?.atHalfServiceRate.service.latencyMs.p99 ?? null;
  return {
    vcardRatio: {
      value: vcard?.ratio ?? null,
      target: `>= ${TARGETS.vcardRatio}`,
      met: (vcard?.ratio ?? 0) >= TARGETS.vcardRatio,
    },
    vcardCpuRatio: {
      value: vcard?.cpuRatio ?? null,
      target: `>= ${TARGETS.vcardRatio} (the same target, from CPU time per request)`,
      met: (vcard?.cpuRatio ?? 0) >= TARGETS.vcardRatio,
    },
    vcardP99AtHalfRateMs: {
      value: halfP99,
      target: `< ${TARGETS.halfRateP99Ms}`,
      met: halfP99 !== null && halfP99 < TARGETS.halfRateP99Ms,
    },
    peakRssMB: {
      value: { vcardTemplatesHealth: routesPeak, jobCreations: jobsPeak || null },
      target: `< ${TARGETS.peakRssMB}`,
      met: routesPeak < TARGETS.peakRssMB && (jobsPeak ?? 0) < TARGETS.peakRssMB,
    },
    memoryFlat: {
      value: { vcardRunRssEnvelopeGrowthMB: vcardGrowth, jobsHeapAfterGcGrowthMB: heapGrowth },
      target: `<= ${TARGETS.flatGrowthMB} MB growth after warm-up`,
      met: [vcardGrowth, heapGrowth].filter((g) => g !== null).every((g) => g <= TARGETS.flatGrowthMB),
    },
  };
}

function table(rows, log) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => String(row[i]).length)));
  for (const [index, row] of rows.entries()) {
    log(row.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join('  '));
    if (index === 0) log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
}

export function printReport(results, log) {
  log(
    `\n${results.machine.cpuModel}, ${results.machine.cores} cores, node ${results.node}, load ${results.machine.loadAverageAtStart.join(' ')}`,
  );
  log(
    `${results.config.connections} connections, ${results.config.durationSeconds} s per run; service LOG_LEVEL=info, rate limit on\n`,
  );
  table(
    [
      [
        'max rate',
        'service req/s',
        'yardstick req/s',
        'ratio',
        'CPU µs/req svc/yard',
        'CPU ratio',
        'svc p50/p99 ms',
        'yard p50/p99 ms',
        'svc RSS MB',
        'yard RSS MB',
      ],
      ...results.routes.map((r) => [
        r.route,
        r.service.rps,
        r.yardstick.rps,
        r.ratio.toFixed(2),
        `${r.service.cpuUsPerRequest} / ${r.yardstick.cpuUsPerRequest}`,
        r.cpuRatio.toFixed(2),
        `${r.service.latencyMs.p50} / ${r.service.latencyMs.p99}`,
        `${r.yardstick.latencyMs.p50} / ${r.yardstick.latencyMs.p99}`,
        r.service.maxRssMB,
        r.yardstick.maxRssMB,
      ]),
    ],
    log,
  );
  log('');
  const cells = ({ latencyMs }) => [latencyMs.p50, latencyMs.p99, latencyMs.max];
  table(
    [
      [
        "at half the service's max rate",
        'req/s',
        'svc p50',
        'svc p99',
        'svc max',
        'yard p50',
        'yard p99',
        'yard max (ms)',
      ],
      ...results.routes.map((r) => {
        const { service, yardstick } = r.atHalfServiceRate;
        return [r.route, service.rate, ...cells(service), ...cells(yardstick)];
      }),
    ],
    log,
  );
  for (const [name, note] of Object.entries(results.skipped)) log(`${name}: ${note}`);
  const { info, silent, silentOverInfo } = results.logging;
  log(`\nlogging: POST /v1/vcard ${info.rps} req/s at info, ${silent.rps} req/s silent (x${silentOverInfo})`);
  if (results.gapYardstick) {
    log(
      `step 3's reading of the POST /v1/vcard ratio: service at info ${info.rps} req/s, its interleaved yardstick ` +
        `${results.gapYardstick.rps} req/s (ratio ${results.gapServiceRatio})`,
    );
  }
  if (results.features) {
    const { yardstickWithFeatures: f, featuresCpuRatio, serviceOverFeaturedCpuRatio } = results.features;
    log(
      `features: bare Fastify with the service's CORS, rate limit, request id and request log: ${f.rps} req/s, ` +
        `${f.cpuUsPerRequest} µs CPU/req (CPU ratio to the bare yardstick ${featuresCpuRatio}; service at info to it ${serviceOverFeaturedCpuRatio})`,
    );
  }
  if (results.floor) {
    const { nestFloor, nestFloorRatio, busyMicroseconds, yardstickBusy, yardstickBusyRatio } = results.floor;
    log(
      `nest floor: Nest on the same Fastify, no validation, no features: ${nestFloor.rps} req/s, ` +
        `${nestFloor.cpuUsPerRequest} µs CPU/req (ratio to the yardstick ${nestFloorRatio})`,
    );
    log(
      `this machine: the yardstick with ${busyMicroseconds} µs of busy-wait per request: ${yardstickBusy.rps} req/s, ` +
        `${yardstickBusy.cpuUsPerRequest} µs CPU/req (ratio ${yardstickBusyRatio}; guest halt polling ${results.machine.guestHaltPollNs ?? 'n/a'} ns)`,
    );
  }
  log(
    `encoder: ${results.encoder.typical.cardsPerSecond} cards/s typical (${results.encoder.typical.bytes} B), ` +
      `${results.encoder.large.cardsPerSecond} cards/s large (${results.encoder.large.bytes} B)`,
  );
  const jobs = results.jobsMemory;
  if (jobs.skipped) {
    log(`jobs memory: ${jobs.skipped}`);
  } else {
    log(
      `jobs memory, ${jobs.jobsCreated} creations: RSS every ${jobs.rssSeries[1].jobs} (MB) ${jobs.rssSeries.map((s) => Math.round(s.rssMB)).join(' ')}; peak ${jobs.peakRssMB} MB`,
    );
    log(`  heap after a full GC at each quarter (MB): ${jobs.afterGcSeries.map((s) => s.heapUsedMB).join(' ')}`);
  }
  log('\ntargets');
  for (const [name, t] of Object.entries(results.targets)) {
    log(`  ${t.met ? 'met    ' : 'NOT MET'}  ${name}: ${JSON.stringify(t.value)} (target ${t.target})`);
  }
}
