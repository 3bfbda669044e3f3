import { Module } from '@nestjs/common';
import { ProductModule } from '../product/product.module';
import { TemplatesModule } from '../templates/templates.module';
import { VCardModule } from '../vcard/vcard.module';
import { McpHostGuard } from './allowed-host';
import { McpServerFactory } from './mcp-server.factory';
import { McpTools } from './mcp-tools';
import { McpController } from './mcp.controller';

/** The MCP endpoint: tools `create_vcard_payload`, `list_templates` and `get_product_context` over Streamable HTTP. */
@Module({
  imports: [ProductModule, TemplatesModule, VCardModule],
  controllers: [McpController],
  providers: [McpTools, McpServerFactory, McpHostGuard],
})
export class McpModule {}
