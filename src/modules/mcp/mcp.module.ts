import { Module } from '@nestjs/common';
import { BatchesModule } from '../batches/batches.module';
import { ProductModule } from '../product/product.module';
import { QrCodesModule } from '../qrcodes/qrcodes.module';
import { ScansModule } from '../scans/scans.module';
import { TemplatesModule } from '../templates/templates.module';
import { VCardModule } from '../vcard/vcard.module';
import { MCP_FEATURES, type McpFeature } from './mcp-feature';
import { McpHostGuard } from './mcp-host.guard';
import { McpHttpTransport } from './mcp-http-transport';
import { McpPrompts } from './mcp-prompts';
import { McpResources } from './mcp-resources';
import { McpScanTool } from './mcp-scan-tool';
import { McpServerFactory } from './mcp-server.factory';
import { McpTools } from './mcp-tools';
import { McpTasks } from './mcp-tasks';
import { McpCardView } from './mcp-card-view';
import { McpController } from './mcp.controller';

/**
 * The parts of the MCP server, in the order they are listed (mcp-feature.ts): a new tool, resource
 * or prompt is a class implementing McpFeature in a file of its own, and its name here.
 */
const MCP_FEATURE_CLASSES = [McpTools, McpResources, McpCardView, McpPrompts, McpTasks];

/**
 * The MCP endpoint over Streamable HTTP: tools `create_vcard_payload`, `create_vcard_qr_code`,
 * `import_vcard`, `list_templates`, `get_product_context`, and `create_vcard_batch`,
 * `get_vcard_batch`, `list_vcard_batch_items`, `read_qr_code`; the template catalogue, product context and a
 * batch's parts as resources; a prompt per template, with completions; a batch as an MCP task, with
 * progress (mcp-tasks.ts); the card view, an MCP Apps resource (mcp-card-view.ts).
 */
@Module({
  imports: [ProductModule, TemplatesModule, VCardModule, BatchesModule, QrCodesModule, ScansModule],
  controllers: [McpController],
  providers: [
    ...MCP_FEATURE_CLASSES,
    { provide: MCP_FEATURES, useFactory: (...features: McpFeature[]) => features, inject: MCP_FEATURE_CLASSES },
    McpServerFactory,
    McpHttpTransport,
    McpHostGuard,
    McpScanTool,
  ],
})
export class McpModule {}
