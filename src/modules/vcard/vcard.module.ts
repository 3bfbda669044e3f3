import { Module } from '@nestjs/common';
import { TemplatesModule } from '../templates/templates.module';
import { VCardController } from './vcard.controller';
import { QrImageService } from './qr-image.service';
import { VCardImportService } from './vcard-import.service';
import { VCardService } from './vcard.service';
import { ContactValidator } from '../../core/validation/contact-validator';

@Module({
  imports: [TemplatesModule],
  controllers: [VCardController],
  providers: [VCardService, QrImageService, ContactValidator, VCardImportService],
  exports: [VCardService, QrImageService, ContactValidator, VCardImportService],
})
export class VCardModule {}
