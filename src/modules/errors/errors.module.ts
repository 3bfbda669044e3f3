import { Module } from '@nestjs/common';
import { ContactValidator } from '../../core/validation/contact-validator';
import { ErrorsController } from './errors.controller';

@Module({ controllers: [ErrorsController], providers: [ContactValidator] })
export class ErrorsModule {}
