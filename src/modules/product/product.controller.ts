import { ApiRoute } from '../../http/api-route.decorator';
import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponses } from '../errors/api-error-responses.decorator';
import { ProductContextDto } from './dto/product-context.dto';
import { ProductService } from './product.service';

@ApiTags('product')
@ApiRoute()
@Controller('v1/product')
export class ProductController {
  constructor(private readonly product: ProductService) {}

  @Get()
  @ApiOperation({
    operationId: 'getProductContext',
    summary: 'Product positioning, privacy notes, use cases and integration URLs (for AI agents)',
  })
  @ApiOkResponse({ type: ProductContextDto })
  @ApiErrorResponses('rate_limited')
  getContext(): ProductContextDto {
    return this.product.getContext();
  }
}
