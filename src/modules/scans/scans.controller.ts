import { Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiRoute } from '../../http/api-route.decorator';
import { BodyLimit } from '../../http/body-limit.decorator';
import type { HttpRequestLike } from '../../http/native-http';
import { ReadsOwnBody, TakesBodies } from '../../http/own-body.decorator';
import { SERVICE_CONFIG, ServiceConfig } from '../../options/service-config';
import { ScanAdmission } from './scan-admission';
import type { ScanAnswer } from './scan-answer';
import { readScanBody } from './scan-body';
import { SCAN_BODY_TYPES } from './scan-refusals';
import { ScanDocs } from './scans.docs';
import { ScansService } from './scans.service';

@ApiTags('scans')
@ApiRoute()
@Controller('v1/scans')
export class ScansController {
  constructor(
    private readonly scans: ScansService,
    private readonly admission: ScanAdmission,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
  ) {}

  /** The image of the body (or the form's one file), read within its limit, then scanned; 503 scanner_busy if full. */
  @Post()
  @HttpCode(200)
  @ScanDocs()
  @ReadsOwnBody()
  @TakesBodies(SCAN_BODY_TYPES)
  @BodyLimit((config) => config.bodyLimits.scan)
  async scan(@Req() request: HttpRequestLike): Promise<ScanAnswer> {
    // Held from before the body is read until the answer, so the scans in flight (and their images) are bounded.
    const release = this.admission.enter();
    try {
      const image = await readScanBody(request, this.config.bodyLimits.scan);
      return await this.scans.scan(image.bytes, image.mediaType, 'refuse');
    } finally {
      release();
    }
  }
}
