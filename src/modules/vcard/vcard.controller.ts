import { Body, Controller, Headers, HttpCode, Post, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiError } from '../../core/errors/api-error';
import { ContactValidator } from '../../core/validation/contact-validator';
import { ApiRoute } from '../../http/api-route.decorator';
import { IdempotencyKey } from '../../http/idempotency-key.decorator';
import type { HttpRequestLike, HttpResponseLike } from '../../http/native-http';
import { ReadsOwnBody } from '../../http/own-body.decorator';
import { CheckedQuery, RouteQuery } from '../../http/route-query.decorator';
import { contactFileName, type ContactFields } from '../../lib/contact';
import { ndefMessage, tagContent } from '../../lib/nfc';
import { qrFileSlug } from '../../lib/qr';
import type { EncodeOptions } from '../../lib/vcard';
import { cardOptions, qrImageOptions } from './card-query';
import { VCardResponseDto } from './dto/vcard-response.dto';
import { PrintImageService } from './print-image.service';
import { VCARD_PRINT_QUERY, type PrintCardQuery } from './print-query';
import { QR_IMAGE_MEDIA_TYPES, QrImageService } from './qr-image.service';
import { isVCardBody, VCARD_BODY_TYPES } from './vcard-body';
import {
  acceptsVCard4,
  negotiateVCard,
  PRINT_MEDIA_TYPES,
  TAG_CONTENT_MEDIA_TYPE,
  VCARD_MEDIA_TYPES,
} from './vcard-download';
import { VCardImportService, type ImportReport } from './vcard-import.service';
import { CreateVCardDocs } from './vcard.docs';
import { VCardService } from './vcard.service';

@ApiTags('vcard')
@ApiRoute()
@Controller('v1/vcard')
export class VCardController {
  constructor(
    private readonly vcards: VCardService,
    private readonly images: QrImageService,
    private readonly contacts: ContactValidator,
    private readonly imports: VCardImportService,
    private readonly prints: PrintImageService,
  ) {}

  /** A contact as JSON, or a vCard file imported (its body read here, within its own limit). */
  @Post()
  @HttpCode(200)
  @CreateVCardDocs()
  @RouteQuery(VCARD_PRINT_QUERY)
  @ReadsOwnBody(VCARD_BODY_TYPES)
  async create(
    @IdempotencyKey() _idempotencyKey: string | undefined,
    @Body() input: unknown,
    @CheckedQuery() query: PrintCardQuery,
    @Headers('accept') accept: string | undefined,
    @Req() request: HttpRequestLike,
    @Res({ passthrough: true }) reply: HttpResponseLike,
  ): Promise<VCardResponseDto | string | StreamableFile> {
    const imported = isVCardBody(request) ? (await this.imports.fromRequest(request)).report : undefined;
    const body = imported?.contact ?? this.contacts.validate(input);
    const withTag = query.nfc !== undefined;
    const representation = negotiateVCard(accept, withTag);
    if (representation === null)
      throw new ApiError('not_acceptable', {
        details: { available: withTag ? [...VCARD_MEDIA_TYPES, TAG_CONTENT_MEDIA_TYPE] : VCARD_MEDIA_TYPES },
      });
    const options = cardOptions(query);
    // The .vcf asked for as text/vcard;version=4.0 is the 4.0 card, unless a format says otherwise.
    if (representation === 'vcard' && options.format === undefined && acceptsVCard4(accept)) options.format = 'vcard4';
    if (representation === 'json') return this.jsonAnswer(body, query, options, imported);
    const result = this.vcards.create(body, query.template, options);
    if (representation === 'vcard') {
      reply.header('Content-Type', 'text/vcard; charset=utf-8');
      reply.header('Content-Disposition', `attachment; filename="${qrFileSlug(contactFileName(body))}.vcf"`);
      return result.vcard;
    }
    if (representation === 'ndef') {
      // What the tag stores, ready for a writer: the TLV, the message of qrPayload, the terminator.
      const content = Buffer.from(tagContent(ndefMessage(Buffer.from(result.qrPayload, 'utf8'))));
      return new StreamableFile(content, {
        type: TAG_CONTENT_MEDIA_TYPE,
        disposition: `attachment; filename="${qrFileSlug(contactFileName(body))}.ndef"`,
        length: content.length,
      });
    }
    const disposition = `inline; filename="${qrFileSlug(contactFileName(body))}.${representation}"`;
    const vector = representation === 'pdf' || representation === 'eps';
    if (vector || query.size !== undefined || query.dpi !== undefined) {
      // A physical size (PDF and EPS always have one): the print path, with its module-size headers.
      const image = qrImageOptions(query);
      const { file, headers } = await this.prints.render(result.qrPayload, representation, image, query);
      for (const [name, value] of Object.entries(headers)) reply.header(name, value);
      const type = vector ? PRINT_MEDIA_TYPES[representation] : QR_IMAGE_MEDIA_TYPES[representation];
      return new StreamableFile(file, { type, disposition, length: file.length });
    }
    const file = this.images.render(result.qrPayload, representation, qrImageOptions(query));
    return new StreamableFile(file, { type: QR_IMAGE_MEDIA_TYPES[representation], disposition, length: file.length });
  }

  /**
   * The JSON answer to a JSON contact, as `create()` gives it when the client accepts JSON.
   * Synchronous, so that the standalone server's shortcut for this request can call it directly
   * (the query already checked by RouteQueryCheck). It throws what `create()` throws.
   */
  answerJson(input: unknown, query: PrintCardQuery): VCardResponseDto {
    return this.jsonAnswer(this.contacts.validate(input), query, cardOptions(query));
  }

  /** The JSON representation: the card's answer (an import's, for a vCard file), with its print report for a size. */
  private jsonAnswer(
    body: ContactFields,
    query: PrintCardQuery,
    options: EncodeOptions,
    imported?: ImportReport,
  ): VCardResponseDto {
    const answer = imported
      ? this.imports.create(imported, query.template, options)
      : this.vcards.create(body, query.template, options);
    if (query.size === undefined) return answer;
    const { qrLevel, margin } = qrImageOptions(query);
    return { ...answer, qr: { ...answer.qr, print: this.prints.report(answer.qrPayload, qrLevel, margin, query) } };
  }
}
