import { ApiRoute } from '../../http/api-route.decorator';
import { Controller, Get, Header } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ContactValidator } from '../../core/validation/contact-validator';
import { ApiErrorResponses } from './api-error-responses.decorator';
import { renderErrorCatalogue } from './error-catalogue.page';
import { NotRateLimited } from '../../http/edge-policy';

@ApiTags('errors')
@ApiRoute()
@Controller()
export class ErrorsController {
  private readonly catalogue = renderErrorCatalogue();

  constructor(private readonly contacts: ContactValidator) {}

  @Get('v1/errors/example')
  @ApiOperation({
    operationId: 'getErrorExample',
    summary: 'An example error response',
    description:
      'Always answers 400 with exactly the error that POST /v1/vcard with body {} produces, details included: the example is produced by the real validation.',
  })
  @ApiErrorResponses('invalid_request', 'rate_limited')
  example(): never {
    this.contacts.validate({});
    throw new Error('An empty body unexpectedly passed validation');
  }

  @Get('docs/errors')
  @NotRateLimited()
  @ApiExcludeEndpoint()
  @Header('Content-Type', 'text/html; charset=utf-8')
  page(): string {
    return this.catalogue;
  }
}
