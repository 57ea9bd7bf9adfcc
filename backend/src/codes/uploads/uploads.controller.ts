import { Controller, Post, UseInterceptors } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiConsumes } from '@nestjs/swagger';
import { Authenticated, CurrentUser, type AuthUser } from '../../accounts';
import { AnswerOf, BodyOf } from '../../common/input';
import { uploadAnswer } from './uploads.answers';
import { FileOf, type FileUpload } from './file-upload';
import { Multipart } from './multipart.interceptor';
import { UploadFileCommand } from './upload-file.command';
import { uploadImageSchema, uploadPdfSchema, type UploadImageBody, type UploadPdfBody } from './uploads.schemas';

/** POST /api/upload-pdf and /api/upload-image (signed in; the pdf type and saving need an account). */
@Controller('api')
@Authenticated()
export class UploadsController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('upload-pdf')
  @UseInterceptors(Multipart('pdfFile'))
  @ApiConsumes('multipart/form-data')
  @AnswerOf(uploadAnswer, 201)
  pdf(@CurrentUser() user: AuthUser, @BodyOf(uploadPdfSchema) body: UploadPdfBody, @FileOf('pdfFile') file: FileUpload | null) {
    return this.commandBus.execute(new UploadFileCommand('pdf', file, user, { title: body.pdfTitle, description: body.pdfDescription }));
  }

  @Post('upload-image')
  @UseInterceptors(Multipart('imageFile'))
  @ApiConsumes('multipart/form-data')
  @AnswerOf(uploadAnswer, 201)
  image(@CurrentUser() user: AuthUser, @BodyOf(uploadImageSchema) body: UploadImageBody, @FileOf('imageFile') file: FileUpload | null) {
    return this.commandBus.execute(
      new UploadFileCommand('image', file, user, { title: body.imageTitle, description: body.imageDescription }),
    );
  }
}
