import { ApiRoute } from '../../http/api-route.decorator';
import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { CheckedQuery, RouteQuery } from '../../http/route-query.decorator';
import { ApiErrorResponses } from '../errors/api-error-responses.decorator';
import { DEFAULT_TEMPLATE_LIMIT, LIST_TEMPLATES_QUERY, type ListTemplatesQuery } from './dto/list-templates.query';
import { TemplateDto, TemplateListResponseDto } from './dto/template.dto';
import { TemplatePage, TemplatesService } from './templates.service';
import type { Template } from './template-catalogue';

@ApiTags('templates')
@ApiRoute()
@Controller('v1/templates')
export class TemplatesController {
  constructor(private readonly templates: TemplatesService) {}

  @Get()
  @ApiOperation({
    operationId: 'listTemplates',
    summary: 'List vCard QR templates (cursor-paginated)',
    description: 'Walk the list by passing pagination.next_cursor as ?cursor= until has_more is false.',
  })
  @ApiOkResponse({ type: TemplateListResponseDto })
  @ApiErrorResponses('invalid_query', 'invalid_cursor', 'rate_limited')
  @RouteQuery(LIST_TEMPLATES_QUERY)
  list(@CheckedQuery() query: ListTemplatesQuery): TemplatePage {
    return this.templates.list(query.limit ?? DEFAULT_TEMPLATE_LIMIT, query.cursor);
  }

  @Get(':id')
  @ApiOperation({ operationId: 'getTemplate', summary: 'Get one template by id' })
  @ApiParam({ name: 'id', example: 'business-card' })
  @ApiOkResponse({ type: TemplateDto })
  @ApiErrorResponses('template_not_found', 'rate_limited')
  get(@Param('id') id: string): Template {
    return this.templates.get(id);
  }
}
