import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG, ServiceConfig } from '../../options/service-config';
import { ApiError } from '../../core/errors/api-error';
import { answerObject } from '../../http/answer-object';
import type { ContactFields } from '../../lib/contact';
import { NfcCapacityExceededError } from '../../lib/nfc';
import {
  describeStoredCard,
  EncodedVCard,
  encodeVCard,
  QrBudgetExceededError,
  QrCapacityExceededError,
  StoredCard,
  type EncodeOptions,
} from '../../lib/vcard';
import { TemplatesService } from '../templates/templates.service';
import { VCardResponseDto } from './dto/vcard-response.dto';
import { PRIVACY_NOTE } from './privacy-note';

/** Builds VCardResponses. Shared by REST, jobs and MCP so every channel encodes identically. */
@Injectable()
export class VCardService {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
    private readonly templates: TemplatesService,
  ) {}

  create(contact: ContactFields, templateId?: string, options: EncodeOptions = {}): VCardResponseDto {
    if (templateId !== undefined) this.templates.assertRequirements(templateId, contact);
    try {
      return this.response(encodeVCard(contact, options));
    } catch (error) {
      if (error instanceof QrBudgetExceededError) {
        const { qrVersion, qrLevel, capacity, bytes } = error;
        throw new ApiError('qr_budget_exceeded', { details: { qrVersion, qrLevel, capacity, bytes } });
      }
      if (error instanceof NfcCapacityExceededError) {
        const { tag, capacity, bytes } = error;
        throw new ApiError('nfc_capacity_exceeded', { details: { tag, capacity, bytes } });
      }
      if (error instanceof QrCapacityExceededError) {
        throw new ApiError('qr_capacity_exceeded', {
          hint: `Shorten or drop ${error.longestField}, the longest field, so the payload fits in ${error.maxBytes} bytes.`,
          details: { bytes: error.bytes, maxBytes: error.maxBytes, longestField: error.longestField },
        });
      }
      throw error;
    }
  }

  /**
   * The response `create` gave for the contact a stored card was encoded from: the payload holds
   * the card (with, for a rich card, what it left out), and the rest is derived from it or from
   * configuration. Stored jobs and batch items are rebuilt with this.
   */
  fromStored(stored: StoredCard): VCardResponseDto {
    return this.response(describeStoredCard(stored));
  }

  /** The response, built as answerObject() builds what Nest sends (the keys in this order). */
  private response({ vcard, qrPayload, format, qr, nfc }: EncodedVCard): VCardResponseDto {
    const response = answerObject<VCardResponseDto>();
    response.vcard = vcard;
    response.qrPayload = qrPayload;
    response.generatorUrl = this.config.generatorUrl;
    response.privacyNote = PRIVACY_NOTE;
    response.qr = qr;
    if (format !== undefined) response.format = format;
    if (nfc !== undefined) response.nfc = nfc;
    return response;
  }
}
