import { afterEach, describe, expect, it } from '@jest/globals';
import { Injectable, Module, type INestApplication } from '@nestjs/common';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { Test, type TestingModule } from '@nestjs/testing';
import { ConfigError } from './options/option-checks';
import { SERVICE_CONFIG, type ServiceConfig } from './options/service-config';
import type { VCardPayloadOptions } from './options/vcard-payload-options';
import { VCardService } from './modules/vcard/vcard.service';
import { VCardPayloadModule } from './vcard-payload.module';

// Every way a host registers the module, compiled as Nest's own libraries test theirs: the options
// reach the module's configuration, its services resolve, and an app built on it answers.

@Injectable()
class HostSettings {
  readonly publicBaseUrl = 'https://cards.example';
}

@Module({ providers: [HostSettings], exports: [HostSettings] })
class HostSettingsModule {}

class OptionsFactory {
  create(): VCardPayloadOptions {
    return { publicBaseUrl: 'https://from-a-class.example', rateLimit: false };
  }
}

describe('VCardPayloadModule registration', () => {
  let testing: TestingModule | undefined;
  let app: INestApplication | undefined;
  afterEach(async () => {
    await app?.close();
    await testing?.close();
    app = testing = undefined;
  });

  const compile = async (module: ReturnType<typeof VCardPayloadModule.forRoot>): Promise<ServiceConfig> => {
    testing = await Test.createTestingModule({ imports: [module] }).compile();
    expect(testing.get(VCardService)).toBeInstanceOf(VCardService);
    return testing.get<ServiceConfig>(SERVICE_CONFIG);
  };

  it('forRoot() with no options: every default', async () => {
    const config = await compile(VCardPayloadModule.forRoot());
    expect(config).toMatchObject({ publicBaseUrl: 'http://localhost:3000', cors: true, store: { kind: 'memory' } });
    expect(config.rateLimit).toMatchObject({ max: 120, windowSeconds: 60 });
  });

  it('forRoot(options): the options, validated once', async () => {
    const config = await compile(
      VCardPayloadModule.forRoot({ publicBaseUrl: 'https://cards.example/', batches: { maxContacts: 50 } }),
    );
    expect(config.publicBaseUrl).toBe('https://cards.example');
    expect(config.batches.maxContacts).toBe(50);
  });

  it('forRootAsync with useFactory and inject: the host provider feeds the options', async () => {
    const config = await compile(
      VCardPayloadModule.forRootAsync({
        imports: [HostSettingsModule],
        inject: [HostSettings],
        useFactory: (settings: HostSettings) => ({ publicBaseUrl: settings.publicBaseUrl }),
      }),
    );
    expect(config.publicBaseUrl).toBe('https://cards.example');
  });

  it('forRootAsync with useClass', async () => {
    const config = await compile(VCardPayloadModule.forRootAsync({ useClass: OptionsFactory }));
    expect(config.publicBaseUrl).toBe('https://from-a-class.example');
    expect(config.rateLimit).toBeNull();
  });

  it('refuses invalid options when the module compiles, naming the option', async () => {
    await expect(
      Test.createTestingModule({ imports: [VCardPayloadModule.forRoot({ publicBaseUrl: 'ftp://nope' })] }).compile(),
    ).rejects.toThrow(ConfigError);
  });

  it('an app built on the compiled module answers POST v1/vcard (Fastify)', async () => {
    testing = await Test.createTestingModule({ imports: [VCardPayloadModule.forRoot()] }).compile();
    app = testing.createNestApplication(new FastifyAdapter());
    await app.init();
    await (app.getHttpAdapter().getInstance() as { ready(): Promise<void> }).ready();
    const res = await (
      app.getHttpAdapter().getInstance() as {
        inject(request: object): Promise<{ statusCode: number; json(): { qrPayload: string } }>;
      }
    ).inject({ method: 'POST', url: '/v1/vcard', payload: { fullName: 'Ada Lovelace' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().qrPayload).toContain('FN:Ada Lovelace\r\n');
  });
});
