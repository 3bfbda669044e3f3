import { Inject, Injectable } from '@nestjs/common';
import type { CompleteResult, GetPromptResult, Prompt, PromptArgument } from '@modelcontextprotocol/server';
import { contactJsonSchema } from '../../lib/contact';
import { SHEET_LAYOUT_NAMES } from '../../lib/print';
import { SERVICE_CONFIG, ServiceConfig } from '../../options/service-config';
import { batchUrl } from '../batches/batch-url';
import { TEMPLATE_CATALOGUE, type Template } from '../templates/template-catalogue';
import type { McpCallContext } from './mcp-call-context';
import type { McpCompletionRequest, McpFeature } from './mcp-feature';

/** JSON-RPC's "Invalid params": an unknown prompt, a missing argument. */
const INVALID_PARAMS = -32602;
const SHEET_PROMPT = 'print_batch_sheet';
/** Completions answer at most 100 values (the MCP spec). */
const MAX_VALUES = 100;

const invalid = (message: string): Error => Object.assign(new Error(message), { code: INVALID_PARAMS });

/** A prompt argument per contact field a template asks for, described as the contact schema describes it. */
function templateArguments(template: Template): PromptArgument[] {
  const properties = contactJsonSchema().properties as Record<string, { description?: string }>;
  const argument = (name: string, required: boolean): PromptArgument => ({
    name,
    description: properties[name]?.description,
    required,
  });
  return [
    ...template.requiredFields.map((name) => argument(name, true)),
    ...template.optionalFields.map((name) => argument(name, false)),
  ];
}

/** The prompts: one per template (its contact fields as arguments), and the sheet of a finished batch. */
function promptList(): Prompt[] {
  return [
    ...TEMPLATE_CATALOGUE.map((template) => ({
      name: template.id,
      title: template.name,
      description: `A QR code for ${template.useCase.charAt(0).toLowerCase()}${template.useCase.slice(1)}`,
      arguments: templateArguments(template),
    })),
    {
      name: SHEET_PROMPT,
      title: 'Print sheet of a batch',
      description: "A link to a finished batch's print-ready PDF: every contact's name and QR code in a layout.",
      arguments: [
        { name: 'batchId', description: 'The id create_vcard_batch returned.', required: true },
        { name: 'layout', description: `One of ${SHEET_LAYOUT_NAMES.join(', ')}.`, required: true },
      ],
    },
  ];
}

/** Values of a list that start with what the user has typed, as completion/complete answers them. */
function completing(values: readonly string[], typed: string): CompleteResult {
  const matching = values.filter((value) => value.startsWith(typed));
  return {
    completion: {
      values: matching.slice(0, MAX_VALUES),
      total: matching.length,
      hasMore: matching.length > MAX_VALUES,
    },
  };
}

/** The MCP prompts and the completions of their arguments (and of the template resource's id). */
@Injectable()
export class McpPrompts implements McpFeature {
  readonly prompts: Prompt[] = promptList();

  constructor(@Inject(SERVICE_CONFIG) private readonly config: ServiceConfig) {}

  getPrompt(name: string, args: Record<string, string> | undefined, context: McpCallContext): GetPromptResult {
    const prompt = this.prompts.find((candidate) => candidate.name === name);
    if (!prompt) throw invalid(`Unknown prompt: ${name}`);
    const given = args ?? {};
    const missing = (prompt.arguments ?? []).filter((argument) => argument.required && !given[argument.name]);
    if (missing.length > 0) throw invalid(`Missing required arguments: ${missing.map((a) => a.name).join(', ')}`);
    if (name === SHEET_PROMPT) return this.sheet(given.batchId, given.layout, context);
    const template = TEMPLATE_CATALOGUE.find((candidate) => candidate.id === name)!;
    const contact = Object.fromEntries(
      (prompt.arguments ?? []).filter((argument) => given[argument.name]).map((a) => [a.name, given[a.name]]),
    );
    const text =
      `Make a ${template.name.toLowerCase()} QR code for this contact: call create_vcard_qr_code with template ` +
      `"${template.id}" and these fields, then show me the image.\n${JSON.stringify(contact)}`;
    return { description: prompt.description, messages: [{ role: 'user', content: { type: 'text', text } }] };
  }

  /** completion/complete: template ids (the template resource's id, a `template` argument) and sheet layouts. */
  complete({ ref, argument }: McpCompletionRequest): CompleteResult {
    const templateIds = TEMPLATE_CATALOGUE.map((template) => template.id);
    if (ref.type === 'ref/resource' && ref.uri === 'vcard://templates/{id}' && argument.name === 'id')
      return completing(templateIds, argument.value);
    if (argument.name === 'template') return completing(templateIds, argument.value);
    if (ref.type === 'ref/prompt' && ref.name === SHEET_PROMPT && argument.name === 'layout')
      return completing(SHEET_LAYOUT_NAMES, argument.value);
    return completing([], argument.value);
  }

  private sheet(batchId: string, layout: string, context: McpCallContext): GetPromptResult {
    if (!(SHEET_LAYOUT_NAMES as readonly string[]).includes(layout))
      throw invalid(`layout must be one of ${SHEET_LAYOUT_NAMES.join(', ')}`);
    if (!/^batch_[0-9A-Z]{26}$/.test(batchId)) throw invalid('batchId must be an id create_vcard_batch returned');
    const url = `${batchUrl(this.config.publicBaseUrl, context.request, batchId)}/sheet.pdf?layout=${layout}`;
    const text =
      `Check with get_vcard_batch that batch ${batchId} has succeeded, then give me its print sheet ` +
      `(${layout}) as this link: ${url}`;
    return {
      description: `The ${layout} sheet of ${batchId}`,
      messages: [
        { role: 'user', content: { type: 'text', text } },
        {
          role: 'user',
          content: { type: 'resource_link', uri: url, name: `sheet-${layout}.pdf`, mimeType: 'application/pdf' },
        },
      ],
    };
  }
}
