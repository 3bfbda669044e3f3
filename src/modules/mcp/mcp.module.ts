import { Module, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { ProductModule } from '../product/product.module';
import { TemplatesModule } from '../templates/templates.module';
import { VCardModule } from '../vcard/vcard.module';
import { McpHostCheck } from './allowed-host';
import { McpServerFactory } from './mcp-server.factory';
import { McpTools } from './mcp-tools';
import { McpController } from './mcp.controller';

/** The MCP endpoint: tools `create_vcard_payload`, `list_templates` and `get_product_context` over Streamable HTTP. */
@Module({
  imports: [ProductModule, TemplatesModule, VCardModule],
  controllers: [McpController],
  providers: [McpTools, McpServerFactory, McpHostCheck],
})
export class McpModule implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly hostCheck: McpHostCheck,
  ) {}

  /** Runs inside app.init(), so the hook lands after createApp()'s CORS and rate-limit hooks. */
  onModuleInit(): void {
    this.hostCheck.attach(this.adapterHost.httpAdapter.getInstance<FastifyInstance>());
  }
}
