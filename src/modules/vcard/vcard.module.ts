import { Module } from '@nestjs/common';
import { TemplatesModule } from '../templates/templates.module';
import { VCardController } from './vcard.controller';
import { PrintImageService } from './print-image.service';
import { QrImageService } from './qr-image.service';
import { VCardImportService } from './vcard-import.service';
import { VCardService } from './vcard.service';
import { ContactValidator } from '../../core/validation/contact-validator';

@Module({
  imports: [TemplatesModule],
  controllers: [VCardController],
  providers: [PrintImageService, VCardService, QrImageService, ContactValidator, VCardImportService],
  exports: [VCardService, QrImageService, PrintImageService, ContactValidator, VCardImportService],
})
export class VCardModule {}
