import { Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiRoute } from '../../http/api-route.decorator';
import { BodyLimit } from '../../http/body-limit.decorator';
import type { HttpRequestLike } from '../../http/native-http';
import { ReadsOwnBody, TakesBodies } from '../../http/own-body.decorator';
import { SERVICE_CONFIG, ServiceConfig } from '../../options/service-config';
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
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
  ) {}

  /** The image of the body (or the form's one file), read within its limit, then scanned. */
  @Post()
  @HttpCode(200)
  @ScanDocs()
  @ReadsOwnBody()
  @TakesBodies(SCAN_BODY_TYPES)
  @BodyLimit((config) => config.bodyLimits.scan)
  async scan(@Req() request: HttpRequestLike): Promise<ScanAnswer> {
    const image = await readScanBody(request, this.config.bodyLimits.scan);
    return this.scans.scan(image.bytes, image.mediaType);
  }
}
