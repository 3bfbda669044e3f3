import { Injectable } from '@nestjs/common';
import { ApiError } from '../../core/errors/api-error';
import { CodeRenderer } from '../../infra/render-pool/code-renderer';
import type { RenderedCode } from '../../infra/render-pool/render-code.render-task';
import {
  RenderPoolBusyError,
  RenderPoolClosedError,
  RenderTaskTimeoutError,
} from '../../infra/render-pool/render-pool.errors';
import type { ContactFields } from '../../lib/contact';
import { QrLevelCapacityError } from '../../lib/qr';
import type { StyledCodeOrder, StyledCodeRefusal } from '../../lib/qr/style/draw-styled-code';
import { logoFitIssue } from '../../lib/qr/style/qr-logo-fit';
import type { QrStyle } from '../../lib/qr/style/qr-style';
import { minQrVersion, QR_BYTE_CAPACITY } from '../../lib/vcard';
import { cardOptions, qrImageOptions } from '../vcard/card-query';
import type { VCardResponseDto } from '../vcard/dto/vcard-response.dto';
import type { QrPrint } from '../vcard/print-image.service';
import { QR_IMAGE_MEDIA_TYPES, qrImageCapacityError, QrImageService } from '../vcard/qr-image.service';
import { VCardService } from '../vcard/vcard.service';
import { plainCheckReport, styledCheckReport, unreadableCode, type QrCheckReport } from './qr-check-report';
import { invalidStyle, isPlainStyle, judgeStyle } from './qr-style-checks';
import type { QrCodeImageType, QrCodeQuery } from './qrcode-query';

/** A QR code to make: the contact, its style (none: the plain code), the query, the image type. */
export interface QrCodeRequest {
  contact: ContactFields;
  style?: QrStyle;
  query: QrCodeQuery;
  image: QrCodeImageType;
  /** The pixels a module from the symbol's width in modules (quiet zone included), instead of `scale`: a print size. */
  fitScale?: (modulesAcross: number) => number;
}

/** A made code: the card, what the check found, and the image. */
export interface QrCodeAnswer {
  result: VCardResponseDto;
  check: QrCheckReport;
  image: { type: QrCodeImageType; file: Buffer; width: number; height: number };
}

/** Seconds a client told the renderers are busy waits before it tries again. */
const BUSY_RETRY_SECONDS = '1';

const LOGO_UNDECODABLE = {
  field: 'style.logo.image',
  issue: 'invalid_value',
  message: 'The logo could not be decoded; use a whole PNG, JPEG or SVG image.',
} as const;

// The worker's own check of the logo rule, on the symbol it drew: the same as the one above it.
const LOGO_TOO_LARGE = {
  field: 'style.logo.size',
  issue: 'too_large',
  message: 'The logo clears more of the code than its level can recover; use a smaller logo.size or level H.',
} as const;

/**
 * QR codes of a contact, plain or styled, for every surface (POST /v1/qrcodes, the
 * create_vcard_qr_code tool). A plain code is drawn as POST /v1/vcard draws it, on this thread, and
 * not decoded; a styled one is judged here, then drawn and checked by two decoders on the render
 * pool, and only a code both read back to exactly qrPayload is answered.
 */
@Injectable()
export class QrCodesService {
  constructor(
    private readonly vcards: VCardService,
    private readonly images: QrImageService,
    private readonly renderer: CodeRenderer,
  ) {}

  async create({ contact, style, query, image, fitScale }: QrCodeRequest): Promise<QrCodeAnswer> {
    const { margin } = qrImageOptions(query);
    const scaleFor = (version: number | null) =>
      fitScale && version !== null ? fitScale(17 + 4 * version + 2 * margin) : qrImageOptions(query).scale;
    if (style === undefined || isPlainStyle(style)) {
      const level = query.qrLevel ?? 'M';
      const result = this.vcards.create(contact, query.template, cardOptions(query));
      const version = minQrVersion(result.qr.bytes)[level];
      const scale = scaleFor(version);
      const file = this.images.render(result.qrPayload, image, { ...qrImageOptions(query), scale });
      const side = (17 + 4 * (version ?? 40) + 2 * margin) * scale;
      return {
        result,
        check: plainCheckReport(level, margin, result.qr.bytes),
        image: { type: image, file, width: side, height: side },
      };
    }
    const judged = judgeStyle(style, { qrLevel: query.qrLevel, margin });
    const { level } = judged;
    const result = this.vcards.create(
      contact,
      query.template,
      cardOptions(judged.levelRaised ? { ...query, qrLevel: level } : query),
    );
    const bytes = result.qr.bytes;
    const version = minQrVersion(bytes)[level];
    if (version === null) {
      const capacity = QR_BYTE_CAPACITY[level][QR_BYTE_CAPACITY[level].length - 1];
      throw qrImageCapacityError(new QrLevelCapacityError(bytes, capacity, level));
    }
    const logo = judged.style!.logo;
    const fit = logo ? logoFitIssue(version, level, logo.size) : undefined;
    if (fit) throw invalidStyle([fit]);
    const scale = scaleFor(version);
    const drawn = await this.draw({
      payload: result.qrPayload,
      level,
      style: judged.style!,
      margin,
      scale,
      type: image,
      proof: 'full',
    });
    if ('refused' in drawn)
      throw invalidStyle([drawn.refused === 'logo_undecodable' ? LOGO_UNDECODABLE : LOGO_TOO_LARGE]);
    if (!drawn.check.zbar || !drawn.check.zxing) throw unreadableCode(judged, margin, drawn.check);
    return {
      result,
      check: styledCheckReport(judged, { level, logoShare: drawn.logoShare, proof: drawn.check.proof }, margin, bytes),
      image: { type: image, file: Buffer.from(drawn.file), width: drawn.width, height: drawn.height },
    };
  }

  /** A styled code drawn and checked on the render pool; a full queue is a 503 renderer_busy at once. */
  private async draw(order: StyledCodeOrder): Promise<RenderedCode | StyledCodeRefusal> {
    try {
      return await this.renderer.render(order);
    } catch (error) {
      if (error instanceof RenderPoolBusyError || error instanceof RenderTaskTimeoutError) throw rendererBusy();
      if (error instanceof RenderPoolClosedError)
        throw new ApiError('service_unavailable', {
          message: 'The service is shutting down.',
          headers: { 'Retry-After': BUSY_RETRY_SECONDS },
        });
      throw error;
    }
  }
}

/** The 503 of a styled code refused because every renderer is busy and the queue is full. */
export function rendererBusy(): ApiError {
  return new ApiError('renderer_busy', { headers: { 'Retry-After': BUSY_RETRY_SECONDS } });
}

/** The JSON answer: the VCardResponse, its `qr` with the check (and qr.print at a size), and the image (base64). */
export function qrCodeJson(
  { result, check, image }: QrCodeAnswer,
  print?: QrPrint,
): VCardResponseDto & {
  qr: VCardResponseDto['qr'] & { check: QrCheckReport };
  image: { mediaType: string; width: number; height: number; data: string };
} {
  return {
    ...result,
    qr: { ...result.qr, check, ...(print ? { print } : {}) },
    image: {
      mediaType: QR_IMAGE_MEDIA_TYPES[image.type],
      width: image.width,
      height: image.height,
      data: image.file.toString('base64'),
    },
  };
}
