import { Module } from '@nestjs/common';
import { TemplatesModule } from '../templates/templates.module';
import { VCardController } from './vcard.controller';
import { QrImageService } from './qr-image.service';
import { VCardService } from './vcard.service';

@Module({
  imports: [TemplatesModule],
  controllers: [VCardController],
  providers: [VCardService, QrImageService],
  exports: [VCardService, QrImageService],
})
export class VCardModule {}
