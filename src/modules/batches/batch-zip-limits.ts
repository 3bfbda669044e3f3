import type { ServiceConfig } from '../../options/service-config';
import type { ZipBatchLimits } from './batch-zip';

/**
 * Images in one ZIP batch. Each is scanned before the next is read, so the request's body arrives
 * as fast as the scans go, and the whole of it must arrive within REQUEST_TIMEOUT_MS (15 s): a
 * scan takes tens of milliseconds of a worker on an idle machine, far more on a loaded one.
 */
export const ZIP_MAX_IMAGES = 100;

/**
 * A ZIP of images is bounded as an address-book export is (BATCH_VCF_BODY_LIMIT_BYTES), each image
 * as POST /v1/scans bounds one (SCAN_BODY_LIMIT_BYTES), all of them inflated to four times the
 * archive's limit, and at most ZIP_MAX_IMAGES images (fewer when a batch holds fewer contacts).
 */
export function zipBatchLimits(config: ServiceConfig): ZipBatchLimits {
  return {
    bodyLimitBytes: config.bodyLimits.batchVcf,
    maxFiles: Math.min(ZIP_MAX_IMAGES, config.batches.maxContacts),
    maxFileBytes: config.bodyLimits.scan,
    maxTotalBytes: config.bodyLimits.batchVcf * 4,
  };
}
