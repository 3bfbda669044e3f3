import { Body, Controller, Get, NotFoundException, Param, Post, ValidationPipe } from '@nestjs/common';
import { IsString, MinLength } from 'class-validator';

class CreateThingDto {
  @IsString()
  @MinLength(3)
  name: string;
}

/** The host platform's own routes: its own errors, its own validation, its own budget. */
@Controller('things')
export class ThingsController {
  @Get(':id')
  find(@Param('id') id: string): never {
    throw new NotFoundException(`Thing ${id} not found`);
  }

  @Post()
  create(@Body(new ValidationPipe()) body: CreateThingDto): CreateThingDto {
    return body;
  }
}
