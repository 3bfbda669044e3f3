import { applyDecorators } from '@nestjs/common';
import { ApiExtraModels, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import { ERROR_CODES, ErrorCode } from '../../core/errors/error-codes';
import { ErrorResponseDto } from './dto/error-response.dto';

/**
 * Documents an operation's error responses from the code registry: one OpenAPI response per
 * status, listing its codes. internal_error (500) is always included. Errors are JSON whatever the
 * operation produces on success, so the media type is given here rather than taken from @ApiProduces.
 */
export function ApiErrorResponses(...codes: ErrorCode[]): MethodDecorator & ClassDecorator {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set<ErrorCode>([...codes, 'internal_error'])) {
    const status = ERROR_CODES[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return applyDecorators(
    ApiExtraModels(ErrorResponseDto),
    ...[...byStatus].map(([status, list]) =>
      ApiResponse({
        status,
        content: { 'application/json': { schema: { $ref: getSchemaPath(ErrorResponseDto) } } },
        description: list.map((code) => `\`${code}\`: ${ERROR_CODES[code].when}`).join('\n\n'),
      }),
    ),
  );
}
