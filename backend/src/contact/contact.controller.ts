import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ContactService } from './contact.service';

@Controller('api')
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @Post('contact') @HttpCode(200) send(@Body() body: unknown, @Req() req: Request) { return this.contact.receive(body, req.ip ?? 'unknown'); }
}
