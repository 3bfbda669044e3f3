import { Type } from '@nestjs/common';
import { PIPES_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ApiValidationPipe } from '../../src/core/validation/create-validation-pipe';
import { buildTestApp } from '../utils/test-app';

// There is no global validation pipe: a route validates a contact body with ContactValidator and its
// query or path DTOs with ApiValidationPipe. This walks every controller of the real app so that
// a DTO parameter without either cannot ship unvalidated.

const PIPED_SOURCES = new Set<number>([RouteParamtypes.BODY, RouteParamtypes.QUERY, RouteParamtypes.PARAM]);
/** Types ValidationPipe never validates: for these a missing pipe loses no check. */
const PLAIN_TYPES = new Set<unknown>([String, Number, Boolean, Object, Array, undefined]);

interface RouteArg {
  index: number;
  pipes?: unknown[];
}

function isValidationPipe(pipe: unknown): boolean {
  return pipe === ApiValidationPipe || pipe instanceof ApiValidationPipe;
}

describe('every DTO parameter is validated', () => {
  let app: NestFastifyApplication;
  const unvalidated: string[] = [];
  let dtoParams = 0;

  beforeAll(async () => {
    app = await buildTestApp();
    for (const module of app.get(ModulesContainer).values()) {
      for (const wrapper of module.controllers.values()) {
        const controller = wrapper.metatype as Type;
        const classPipes = (Reflect.getMetadata(PIPES_METADATA, controller) ?? []) as unknown[];
        for (const name of Object.getOwnPropertyNames(controller.prototype)) {
          const method = controller.prototype[name] as object;
          const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<string, RouteArg>;
          const types = (Reflect.getMetadata('design:paramtypes', controller.prototype, name) ?? []) as unknown[];
          const methodPipes = (Reflect.getMetadata(PIPES_METADATA, method) ?? []) as unknown[];
          for (const [key, arg] of Object.entries(args)) {
            const source = Number(key.split(':')[0]);
            if (!PIPED_SOURCES.has(source) || PLAIN_TYPES.has(types[arg.index])) continue;
            dtoParams += 1;
            const pipes = [...classPipes, ...methodPipes, ...(arg.pipes ?? [])];
            if (!pipes.some(isValidationPipe)) unvalidated.push(`${controller.name}.${name} parameter ${arg.index}`);
          }
        }
      }
    }
  });

  afterAll(() => app.close());

  it('finds the piped DTO parameters (templates list, stream)', () => {
    expect(dtoParams).toBeGreaterThanOrEqual(2);
  });

  it('has no @Body(), @Query() or @Param() of a DTO class without ApiValidationPipe', () => {
    expect(unvalidated).toEqual([]);
  });
});
