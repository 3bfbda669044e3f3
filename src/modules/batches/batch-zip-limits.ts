import type { ServiceConfig } from '../../options/service-config';
import type { ZipBatchLimits } from './batch-zip';

/** Images in one ZIP batch: a scan takes tens of milliseconds of a worker, so a request reads seconds, not minutes. */
export const ZIP_MAX_IMAGES = 200;

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
