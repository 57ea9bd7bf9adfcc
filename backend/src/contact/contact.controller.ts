import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { SendContactMessageCommand } from './send-contact-message.command';

@Controller('api')
export class ContactController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('contact') @HttpCode(200) send(@Body() body: unknown, @Req() req: Request) { return this.commandBus.execute(new SendContactMessageCommand(body, req.ip ?? 'unknown')); }
}
