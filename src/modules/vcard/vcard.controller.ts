import { Controller, HttpCode, Post, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiError } from '../../core/errors/api-error';
import { ContactValidator } from '../../core/validation/contact-validator';
import { ApiRoute } from '../../http/api-route.decorator';
import { echoedIdempotencyKey } from '../../http/idempotency-key.decorator';
import type { HttpRequestLike, HttpResponseLike } from '../../http/native-http';
import { ReadsOwnBody } from '../../http/own-body.decorator';
import { checkedQueryOf, RouteQuery } from '../../http/route-query.decorator';
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
  cardMediaTypes,
  negotiateVCard,
  PRINT_MEDIA_TYPES,
  TAG_CONTENT_MEDIA_TYPE,
} from './vcard-representations';
import { VCardImportService, type ImportReport } from './vcard-import.service';
import { CreateVCardDocs } from './vcard.docs';
import { VCardService } from './vcard.service';

/** What POST /v1/vcard answers: the JSON response, the .vcf text, or a file (image, print file, tag content). */
type VCardAnswer = VCardResponseDto | string | StreamableFile;

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

  /**
   * A contact as JSON, or a vCard file imported (its body read here, within its own limit). The
   * handler takes the request and the response only, the fewest parameters Nest extracts per
   * request, and reads the rest from them as the decorators would: the Idempotency-Key first (an
   * invalid key wins over an invalid body, as when it was a parameter), the query RouteQueryCheck
   * left on the request, the parsed body, the Accept header. A JSON contact answered as JSON is
   * answered synchronously; an import, an image on the print path and the files take a promise.
   */
  @Post()
  @HttpCode(200)
  @CreateVCardDocs()
  @RouteQuery(VCARD_PRINT_QUERY)
  @ReadsOwnBody(VCARD_BODY_TYPES)
  create(
    @Req() request: HttpRequestLike,
    @Res({ passthrough: true }) reply: HttpResponseLike,
  ): VCardAnswer | Promise<VCardAnswer> {
    echoedIdempotencyKey(request, reply);
    const query = checkedQueryOf<PrintCardQuery>(request);
    if (isVCardBody(request))
      return this.imports
        .fromRequest(request)
        .then(({ report }) => this.answer(report.contact, query, request, reply, report));
    return this.answer(this.contacts.validate(request.body), query, request, reply);
  }

  /** The representation the client accepts of a checked contact (an import's, with its report). */
  private answer(
    body: ContactFields,
    query: PrintCardQuery,
    request: HttpRequestLike,
    reply: HttpResponseLike,
    imported?: ImportReport,
  ): VCardAnswer | Promise<VCardAnswer> {
    const accept = request.headers.accept;
    const withTag = query.nfc !== undefined;
    const representation = negotiateVCard(accept, withTag);
    if (representation === null)
      throw new ApiError('not_acceptable', { details: { available: cardMediaTypes(withTag) } });
    const options = cardOptions(query);
    // The .vcf asked for as text/vcard;version=4.0 is the 4.0 card, unless a format says otherwise.
    if (representation === 'vcard' && options.format === undefined && acceptsVCard4(accept)) options.format = 'vcard4';
    if (representation === 'json') return this.jsonAnswer(body, query, options, imported);
    const result = this.vcards.create(body, query.template, options);
    const slug = qrFileSlug(contactFileName(body));
    if (representation === 'vcard') {
      reply.header('Content-Type', 'text/vcard; charset=utf-8');
      reply.header('Content-Disposition', `attachment; filename="${slug}.vcf"`);
      return result.vcard;
    }
    if (representation === 'ndef') {
      // What the tag stores, ready for a writer: the TLV, the message of qrPayload, the terminator.
      const content = Buffer.from(tagContent(ndefMessage(Buffer.from(result.qrPayload, 'utf8'))));
      return new StreamableFile(content, {
        type: TAG_CONTENT_MEDIA_TYPE,
        disposition: `attachment; filename="${slug}.ndef"`,
        length: content.length,
      });
    }
    return this.imageAnswer(result.qrPayload, representation, query, reply, slug);
  }

  /** The code as an image or a print file: on the print path when it has a physical size (PDF and EPS always do). */
  private imageAnswer(
    qrPayload: string,
    representation: 'png' | 'svg' | 'pdf' | 'eps',
    query: PrintCardQuery,
    reply: HttpResponseLike,
    slug: string,
  ): StreamableFile | Promise<StreamableFile> {
    const disposition = `inline; filename="${slug}.${representation}"`;
    const vector = representation === 'pdf' || representation === 'eps';
    if (!vector && query.size === undefined && query.dpi === undefined) {
      const file = this.images.render(qrPayload, representation, qrImageOptions(query));
      return new StreamableFile(file, { type: QR_IMAGE_MEDIA_TYPES[representation], disposition, length: file.length });
    }
    // The print path, with its module-size headers.
    return this.prints.render(qrPayload, representation, qrImageOptions(query), query).then(({ file, headers }) => {
      for (const [name, value] of Object.entries(headers)) reply.header(name, value);
      const type = vector ? PRINT_MEDIA_TYPES[representation] : QR_IMAGE_MEDIA_TYPES[representation];
      return new StreamableFile(file, { type, disposition, length: file.length });
    });
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
