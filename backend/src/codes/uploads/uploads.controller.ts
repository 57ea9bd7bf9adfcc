import { Body, Controller, Post, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { Authenticated, CurrentUser, type AuthUser } from '../../accounts/auth';
import type { Files } from '../codes.service';
import { Multipart } from './multipart.interceptor';
import { uploadPath } from './upload.events';
import { UploadsService } from './uploads.service';

/** POST /api/upload-pdf and /api/upload-image (signed in; the pdf type and saving need an account). */
@Controller('api')
@Authenticated()
export class UploadsController {
  constructor(private readonly uploads: UploadsService) {}

  @Post('upload-pdf')
  @UseInterceptors(Multipart('pdfFile'))
  pdf(@CurrentUser() user: AuthUser, @Body() body: Record<string, string>, @UploadedFiles() files: Files) {
    return this.uploads.store('pdf', files?.pdfFile?.[0], user, { title: body?.pdfTitle, description: body?.pdfDescription }).then((row) => ({ id: row.id, pdfUrl: uploadPath(row.storedName), pageUrl: `/pdf/${row.id}`, fileName: row.originalName }));
  }

  @Post('upload-image')
  @UseInterceptors(Multipart('imageFile'))
  image(@CurrentUser() user: AuthUser, @Body() body: Record<string, string>, @UploadedFiles() files: Files) {
    return this.uploads.store('image', files?.imageFile?.[0], user, { title: body?.imageTitle, description: body?.imageDescription }).then((row) => ({ id: row.id, imageUrl: uploadPath(row.storedName), pageUrl: `/images/${row.id}`, fileName: row.originalName }));
  }
}
