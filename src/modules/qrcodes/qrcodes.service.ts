import { Injectable } from '@nestjs/common';
import { ApiError } from '../../core/errors/api-error';
import { CodeRenderer } from '../../infra/render-pool/code-renderer';
import type { RenderedCode } from '../../infra/render-pool/render-code.task';
import {
  RenderPoolBusyError,
  RenderPoolClosedError,
  RenderTaskTimeoutError,
} from '../../infra/render-pool/render-pool.errors';
import type { ContactFields } from '../../lib/contact';
import { QrLevelCapacityError } from '../../lib/qr';
import type { StyledCodeOrder, StyledCodeRefusal } from '../../lib/qr/style/draw-styled-code';
import type { QrStyleJudgement } from '../../lib/qr/style/judge-qr-style';
import { logoFitIssue } from '../../lib/qr/style/qr-logo-fit';
import type { QrStyle } from '../../lib/qr/style/qr-style';
import { minQrVersion, QR_BYTE_CAPACITY, type QrLevel } from '../../lib/vcard';
import { cardOptions, qrImageOptions } from '../vcard/card-query';
import type { VCardResponseDto } from '../vcard/dto/vcard-response.dto';
import type { QrPrint } from '../vcard/print-image.service';
import { QR_IMAGE_MEDIA_TYPES, qrImageCapacityError, QrImageService } from '../vcard/qr-image.service';
import { VCardService } from '../vcard/vcard.service';
import {
  plainCheckReport,
  styledCheckReport,
  unreadableCode,
  type QrCheckReport,
  type TriedChange,
} from './qr-check-report';
import { invalidStyle, isPlainStyle, judgeStyle } from './qr-style-checks';
import type { QrCodeImageType, QrCodeQuery } from './qrcode-query';
import { changesToTry, versionsToTry, type StyleChange } from './styled-code-tries';

/** A QR code to make: the contact, its style (none: the plain code), the query, the image type. */
export interface QrCodeRequest {
  contact: ContactFields;
  style?: QrStyle;
  query: QrCodeQuery;
  image: QrCodeImageType;
  /** The pixels a module from the symbol's width in modules (quiet zone included), instead of `scale`: a print size. */
  fitScale?: (modulesAcross: number) => number;
}

/** A styled request's card: the judged style, the level, the card, its smallest version, the quiet zone. */
interface StyledCard {
  judged: QrStyleJudgement;
  level: QrLevel;
  result: VCardResponseDto;
  smallest: number;
  margin: number;
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
  message: 'The logo clears more of the code than its level can recover; use a smaller logo.size or a larger version.',
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
    return this.styled({ contact, style, query, image, fitScale });
  }

  /**
   * A styled code: drawn at each version `versionsToTry` gives until one passes the logo rule and
   * the proof; refused, it is tried with the changes `changesToTry` gives, and the 422 suggests
   * those that passed.
   */
  private async styled(request: QrCodeRequest & { style: QrStyle }): Promise<QrCodeAnswer> {
    const { style, query, image } = request;
    const card = this.card(request.contact, style, query);
    const { judged, level, smallest } = card;
    const logo = judged.style!.logo;
    const versions = versionsToTry(smallest, query.qrVersion, logo !== undefined);
    let refused: { version: number; check: RenderedCode['check'] } | undefined;
    for (const version of versions) {
      if (logo && logoFitIssue(version, level, logo.size)) continue;
      const drawn = await this.drawAt(card, request, version);
      if (!drawn.check.zbar || !drawn.check.zxing) {
        refused = { version, check: drawn.check };
        continue;
      }
      const grown = { version, versionRaised: query.qrVersion === undefined && version > smallest };
      return {
        result: card.result,
        check: styledCheckReport(
          judged,
          { level, logoShare: drawn.logoShare, proof: drawn.check.proof, ...grown },
          card.margin,
          card.result.qr.bytes,
        ),
        image: { type: image, file: Buffer.from(drawn.file), width: drawn.width, height: drawn.height },
      };
    }
    if (!refused) throw invalidStyle([logoFitIssue(versions[0], level, logo!.size)!]);
    const tried = await this.tryChanges(request, card, refused.version);
    throw unreadableCode(judged, card.margin, refused.check, tried);
  }

  /** A styled card: its style judged, the card at the level the style draws at, and its smallest version. */
  private card(contact: ContactFields, style: QrStyle, query: QrCodeQuery): StyledCard {
    const { margin } = qrImageOptions(query);
    const judged = judgeStyle(style, { qrLevel: query.qrLevel, margin });
    const { level } = judged;
    const result = this.vcards.create(
      contact,
      query.template,
      cardOptions(judged.levelRaised ? { ...query, qrLevel: level } : query),
    );
    const bytes = result.qr.bytes;
    const smallest = minQrVersion(bytes)[level];
    if (smallest === null) {
      const capacity = QR_BYTE_CAPACITY[level][QR_BYTE_CAPACITY[level].length - 1];
      throw qrImageCapacityError(new QrLevelCapacityError(bytes, capacity, level));
    }
    return { judged, level, result, smallest, margin };
  }

  /** A styled card drawn at `version` and proven on the render pool; a logo it cannot draw is a 400. */
  private async drawAt(card: StyledCard, request: QrCodeRequest, version: number): Promise<RenderedCode> {
    const { margin } = card;
    const scale =
      request.fitScale !== undefined
        ? request.fitScale(17 + 4 * version + 2 * margin)
        : qrImageOptions(request.query).scale;
    const drawn = await this.draw({
      payload: card.result.qrPayload,
      level: card.level,
      style: card.judged.style!,
      margin,
      scale,
      type: request.image,
      version,
      proof: 'full',
    });
    if ('refused' in drawn) {
      const size = card.judged.style!.logo?.size;
      // The rule's own message where it applies: it never asks for level H when the level is H.
      const tooLarge = (size !== undefined && logoFitIssue(version, card.level, size)) || LOGO_TOO_LARGE;
      throw invalidStyle([drawn.refused === 'logo_undecodable' ? LOGO_UNDECODABLE : tooLarge]);
    }
    return drawn;
  }

  /** The changes a refused code is tried with, each drawn once at its version, and whether it passed. */
  private async tryChanges(
    request: QrCodeRequest & { style: QrStyle },
    card: StyledCard,
    version: number,
  ): Promise<TriedChange[]> {
    const tried: TriedChange[] = [];
    for (const change of changesToTry(request.style, card.judged, request.query, version)) {
      tried.push({ suggestion: change.suggestion, passed: await this.passes(request, change) });
    }
    return tried;
  }

  /** Whether a request with one change passes the logo rule and the proof (a change that is refused does not). */
  private async passes(request: QrCodeRequest, change: StyleChange): Promise<boolean> {
    try {
      const card = this.card(request.contact, change.style, change.query);
      const version = Math.max(card.smallest, change.version);
      const logo = card.judged.style!.logo;
      if (logo && logoFitIssue(version, card.level, logo.size)) return false;
      const drawn = await this.drawAt(card, { ...request, query: change.query }, version);
      return drawn.check.zbar && drawn.check.zxing;
    } catch (error) {
      if (error instanceof ApiError && error.getStatus() < 500) return false;
      throw error;
    }
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
