import { Module } from '@nestjs/common';
import { TemplatesModule } from '../templates/templates.module';
import { VCardController } from './vcard.controller';
import { VCardService } from './vcard.service';

@Module({
  imports: [TemplatesModule],
  controllers: [VCardController],
  providers: [VCardService],
  exports: [VCardService],
})
export class VCardModule {}
