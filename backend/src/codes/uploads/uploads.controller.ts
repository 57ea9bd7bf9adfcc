import { Body, Controller, Post, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Authenticated, CurrentUser, type AuthUser } from '../../accounts/auth';
import type { Files } from '../codes.service';
import { Multipart } from './multipart.interceptor';
import { UploadFileCommand } from './upload-file.command';

/** POST /api/upload-pdf and /api/upload-image (signed in; the pdf type and saving need an account). */
@Controller('api')
@Authenticated()
export class UploadsController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('upload-pdf')
  @UseInterceptors(Multipart('pdfFile'))
  pdf(@CurrentUser() user: AuthUser, @Body() body: Record<string, string>, @UploadedFiles() files: Files) {
    return this.commandBus.execute(new UploadFileCommand('pdf', files?.pdfFile?.[0], user, { title: body?.pdfTitle, description: body?.pdfDescription }));
  }

  @Post('upload-image')
  @UseInterceptors(Multipart('imageFile'))
  image(@CurrentUser() user: AuthUser, @Body() body: Record<string, string>, @UploadedFiles() files: Files) {
    return this.commandBus.execute(new UploadFileCommand('image', files?.imageFile?.[0], user, { title: body?.imageTitle, description: body?.imageDescription }));
  }
}
