import { Module } from '@nestjs/common';
import { VCardModule } from '../vcard/vcard.module';
import { ScanAdmission } from './scan-admission';
import { ScansController } from './scans.controller';
import { ScansService } from './scans.service';

/** Scans: POST /v1/scans reads the QR codes in an image (ScansService, which the MCP tool and batches call too). */
@Module({
  imports: [VCardModule],
  controllers: [ScansController],
  providers: [ScansService, ScanAdmission],
  exports: [ScansService],
})
export class ScansModule {}
