import { Global, Module } from '@nestjs/common';
import { ShutdownSignal } from './shutdown-signal';

/** Application lifecycle services available everywhere: today the ShutdownSignal. */
@Global()
@Module({ providers: [ShutdownSignal], exports: [ShutdownSignal] })
export class LifecycleModule {}
