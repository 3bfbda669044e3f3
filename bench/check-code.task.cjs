// The readability check alone as a render-pool task, for bench/qr-check.mjs (the service's own task draws a styled
// code and then checks it): a worker loads the decoders of the build the bench names (BENCH_QR_DIST) once, when
// it starts, at the priority the service's workers run at.
const { join } = require('node:path');

const dist = process.env.BENCH_QR_DIST;
require(join(dist, 'infra/render-pool/worker-priority'));
const { checkCode, prepareQrDecoders } = require(join(dist, 'lib/qr/decode'));

// Compiled as the worker starts, as the service's task does; a failure shows in the first task.
prepareQrDecoders().catch(() => undefined);

/** Reads `image` back with both decoders against `expected` (a payload's UTF-8 bytes). */
module.exports = ({ image, expected }) => checkCode(image, expected);
