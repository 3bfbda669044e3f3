import { ConfigurableModuleBuilder } from '@nestjs/common';
import type { VCardPayloadOptions } from './options/vcard-payload-options';

export const {
  ConfigurableModuleClass: VCardPayloadConfigurableModule,
  MODULE_OPTIONS_TOKEN: VCARD_PAYLOAD_OPTIONS,
  OPTIONS_TYPE: VCARD_PAYLOAD_OPTIONS_TYPE,
  ASYNC_OPTIONS_TYPE: VCARD_PAYLOAD_ASYNC_OPTIONS_TYPE,
} = new ConfigurableModuleBuilder<VCardPayloadOptions>({ moduleName: 'VCardPayload' })
  .setClassMethodName('forRoot')
  .build();
