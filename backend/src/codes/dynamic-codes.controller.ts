import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Post, Put, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Authenticated, CurrentUser, type AuthUser } from '../accounts/auth';
import { CodesService, parseIfMatch, type Files } from './codes.service';
import { CreateQrCodeCommand } from './create-qr-code.command';
import { DeleteQrCodeCommand } from './delete-qr-code.command';
import { PauseDynamicCodeCommand } from './pause-dynamic-code.command';
import { ResumeDynamicCodeCommand } from './resume-dynamic-code.command';
import { UpdateQrCodeCommand } from './update-qr-code.command';
import { Multipart } from './uploads/multipart.interceptor';

/** Dynamic codes (core spec section 7): create, lists, destination edit, pause, resume, delete. */
@Controller('api/dynamic-qrcodes')
@Authenticated()
export class DynamicCodesController {
  constructor(private readonly codes: CodesService, private readonly commandBus: CommandBus) {}

  @Post()
  @UseInterceptors(Multipart('logoFile'))
  create(@CurrentUser() user: AuthUser, @Body() body: Record<string, unknown>, @UploadedFiles() files: Files) {
    return this.commandBus.execute(new CreateQrCodeCommand(user, body ?? {}, files, 'dynamic'));
  }

  @Get()
  list(@CurrentUser() user: AuthUser) {
    return this.codes.listDynamic(user);
  }

  @Get('paused')
  paused(@CurrentUser() user: AuthUser) {
    return this.codes.listDynamic(user, true);
  }

  @Put(':id')
  @UseInterceptors(Multipart('logoFile'))
  update(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() body: Record<string, unknown>, @UploadedFiles() files: Files, @Headers('if-match') ifMatch?: string) {
    return this.commandBus.execute(new UpdateQrCodeCommand(user, id, body ?? {}, files, parseIfMatch(ifMatch), 'dynamic'));
  }

  @Post(':id/pause')
  @HttpCode(200)
  pause(@CurrentUser() user: AuthUser, @Param('id') id: string, @Headers('if-match') ifMatch?: string) {
    return this.commandBus.execute(new PauseDynamicCodeCommand(user, id, parseIfMatch(ifMatch)));
  }

  @Post(':id/resume')
  @HttpCode(200)
  resume(@CurrentUser() user: AuthUser, @Param('id') id: string, @Headers('if-match') ifMatch?: string) {
    return this.commandBus.execute(new ResumeDynamicCodeCommand(user, id, parseIfMatch(ifMatch)));
  }

  @Delete(':id')
  remove(@CurrentUser() user: AuthUser, @Param('id') id: string, @Headers('if-match') ifMatch?: string) {
    return this.commandBus.execute(new DeleteQrCodeCommand(user, id, 'dynamic', parseIfMatch(ifMatch)));
  }
}
