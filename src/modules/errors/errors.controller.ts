import { ApiRoute } from '../../http/api-route.decorator';
import { Controller, Get, Header } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiOperation, ApiTags } from '@nestjs/swagger';
import { createValidationPipe } from '../../core/validation/create-validation-pipe';
import { VCardRequestDto } from '../vcard/dto/vcard-request.dto';
import { ApiErrorResponses } from './api-error-responses.decorator';
import { renderErrorCatalogue } from './error-catalogue.page';

@ApiTags('errors')
@ApiRoute()
@Controller()
export class ErrorsController {
  private readonly catalogue = renderErrorCatalogue();

  @Get('v1/errors/example')
  @ApiOperation({
    operationId: 'getErrorExample',
    summary: 'An example error response',
    description:
      'Always answers 400 with exactly the error that POST /v1/vcard with body {} produces, details included: the example is produced by the real validation.',
  })
  @ApiErrorResponses('invalid_request', 'rate_limited')
  async example(): Promise<never> {
    await createValidationPipe().transform({}, { type: 'body', metatype: VCardRequestDto });
    throw new Error('An empty body unexpectedly passed validation');
  }

  @Get('docs/errors')
  @ApiExcludeEndpoint()
  @Header('Content-Type', 'text/html; charset=utf-8')
  page(): string {
    return this.catalogue;
  }
}
