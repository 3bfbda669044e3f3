import { Module } from '@nestjs/common';
import { VCardModule } from '../vcard/vcard.module';
import { QrCodeAdmission } from './qrcode-admission';
import { QrCodesController } from './qrcodes.controller';
import { QrCodesService } from './qrcodes.service';

@Module({
  imports: [VCardModule],
  controllers: [QrCodesController],
  providers: [QrCodesService, QrCodeAdmission],
  exports: [QrCodesService],
})
export class QrCodesModule {}
