import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../accounts';
import type { FileUpload } from './file-upload';
import { uploadPath } from './upload.events';
import { UploadsService } from './uploads.service';

export type UploadAnswer = { id: string; pdfUrl?: string; imageUrl?: string; pageUrl: string; fileName: string };

/** POST /api/upload-pdf and /api/upload-image: the file is checked, stored and recorded as FileUploaded on `upload-{id}`. */
export class UploadFileCommand extends Command<UploadAnswer> {
  constructor(
    readonly kind: 'pdf' | 'image',
    readonly file: FileUpload | null,
    readonly user: AuthUser,
    readonly meta: { title?: string | null; description?: string | null },
  ) {
    super();
  }
}

/** UploadsService.store does the work (create and update use it for logos too); this answers with the hosted page. */
@CommandHandler(UploadFileCommand)
export class UploadFileHandler implements ICommandHandler<UploadFileCommand> {
  constructor(private readonly uploads: UploadsService) {}

  async execute({ kind, file, user, meta }: UploadFileCommand): Promise<UploadAnswer> {
    const stored = await this.uploads.store(kind, file, user, meta);
    return kind === 'pdf'
      ? { id: stored.uploadId, pdfUrl: uploadPath(stored.storedName), pageUrl: `/pdf/${stored.uploadId}`, fileName: stored.originalName }
      : {
          id: stored.uploadId,
          imageUrl: uploadPath(stored.storedName),
          pageUrl: `/images/${stored.uploadId}`,
          fileName: stored.originalName,
        };
  }
}
