import { Module } from '@nestjs/common';
import { HealthController } from './health.controller';
import { ProbesController } from './probes.controller';

@Module({ controllers: [HealthController, ProbesController] })
export class HealthModule {}
