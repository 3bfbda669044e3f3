import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { CoreModule } from './core/core.module';
import { StoreModule } from './infra/store/store.module';
import { ErrorsModule } from './modules/errors/errors.module';
import { HealthModule } from './modules/health/health.module';
import { JobsModule } from './modules/jobs/jobs.module';
import { McpModule } from './modules/mcp/mcp.module';
import { ProductModule } from './modules/product/product.module';
import { StreamModule } from './modules/stream/stream.module';
import { TemplatesModule } from './modules/templates/templates.module';
import { VCardModule } from './modules/vcard/vcard.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        CoreModule,
        StoreModule,
        HealthModule,
        ProductModule,
        TemplatesModule,
        VCardModule,
        JobsModule,
        StreamModule,
        McpModule,
        ErrorsModule,
      ],
    };
  }
}
