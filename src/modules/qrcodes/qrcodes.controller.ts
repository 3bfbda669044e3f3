import { Controller, Headers, HttpCode, Inject, Post, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiError } from '../../core/errors/api-error';
import { ApiRoute } from '../../http/api-route.decorator';
import { BodyLimit } from '../../http/body-limit.decorator';
import { IdempotencyKey } from '../../http/idempotency-key.decorator';
import type { HttpRequestLike, HttpResponseLike } from '../../http/native-http';
import { ReadsOwnBody } from '../../http/own-body.decorator';
import { CheckedQuery, RouteQuery } from '../../http/route-query.decorator';
import { contactFileName } from '../../lib/contact';
import { qrFileSlug } from '../../lib/qr';
import { SERVICE_CONFIG, ServiceConfig } from '../../options/service-config';
import { QR_IMAGE_MEDIA_TYPES } from '../vcard/qr-image.service';
import { PRINT_MEDIA_TYPES } from '../vcard/vcard-representations';
import type { QrCodeResponseDto } from './dto/qrcode-response.dto';
import { qrCheckHeaders } from './qr-check-report';
import { QrCodeAdmission } from './qrcode-admission';
import { readJsonBody } from '../../http/json-body';
import { checkQrCodeBody } from './qrcode-body';
import { negotiateQrCode, QRCODE_MEDIA_TYPES } from './qrcode-representations';
import { QrCodePrints, QRCODE_PRINT_QUERY, type QrCodePrintQuery } from './qrcode-print';
import { CreateQrCodeDocs } from './qrcodes.docs';
import { qrCodeJson, QrCodesService } from './qrcodes.service';

@ApiTags('qrcodes')
@ApiRoute()
@Controller('v1/qrcodes')
export class QrCodesController {
  constructor(
    private readonly codes: QrCodesService,
    private readonly admission: QrCodeAdmission,
    private readonly prints: QrCodePrints,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
  ) {}

  @Post()
  @HttpCode(200)
  @CreateQrCodeDocs()
  @RouteQuery(QRCODE_PRINT_QUERY)
  @ReadsOwnBody()
  @BodyLimit((config) => config.bodyLimits.qrcode)
  async create(
    @IdempotencyKey() _idempotencyKey: string | undefined,
    @CheckedQuery() query: QrCodePrintQuery,
    @Headers('accept') accept: string | undefined,
    @Req() request: HttpRequestLike,
    @Res({ passthrough: true }) reply: HttpResponseLike,
  ): Promise<QrCodeResponseDto | StreamableFile> {
    // Held from before the body is read until the answer, so the requests in flight (and their logos) are bounded.
    const release = this.admission.enter();
    try {
      const body = checkQrCodeBody(await readJsonBody(request, this.config.bodyLimits.qrcode));
      const representation = negotiateQrCode(accept);
      if (representation === null) throw new ApiError('not_acceptable', { details: { available: QRCODE_MEDIA_TYPES } });
      const slug = qrFileSlug(contactFileName(body.contact));
      if (representation === 'pdf' || representation === 'eps') {
        const printed = await this.prints.file(body.contact, body.style, query, representation);
        for (const [name, value] of Object.entries(printed.headers)) reply.header(name, value);
        return new StreamableFile(printed.file, {
          type: PRINT_MEDIA_TYPES[representation],
          disposition: `inline; filename="${slug}.${representation}"`,
          length: printed.file.length,
        });
      }
      const image = representation === 'json' ? (query.type ?? 'png') : representation;
      const printed =
        query.size !== undefined || query.dpi !== undefined
          ? await this.prints.image(body.contact, body.style, query, representation)
          : undefined;
      const answer =
        printed?.answer ?? (await this.codes.create({ contact: body.contact, style: body.style, query, image }));
      if (representation === 'json') return qrCodeJson(answer, printed?.print) as QrCodeResponseDto;
      const headers = printed?.headers ?? qrCheckHeaders(answer.check);
      for (const [name, value] of Object.entries(headers)) reply.header(name, value);
      return new StreamableFile(answer.image.file, {
        type: QR_IMAGE_MEDIA_TYPES[image],
        disposition: `inline; filename="${qrFileSlug(contactFileName(body.contact))}.${image}"`,
        length: answer.image.file.length,
      });
    } finally {
      release();
    }
  }
}
