import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../accounts/auth';
import { uploadPath } from './upload.events';
import { UploadedPart, UploadsService } from './uploads.service';

export type UploadAnswer = { id: string; pdfUrl?: string; imageUrl?: string; pageUrl: string; fileName: string };

/** POST /api/upload-pdf and /api/upload-image: the file is checked, stored and recorded as FileUploaded on `upload-{id}`. */
export class UploadFileCommand extends Command<UploadAnswer> {
  constructor(readonly kind: 'pdf' | 'image', readonly part: UploadedPart | undefined, readonly user: AuthUser, readonly meta: { title?: string | null; description?: string | null }) {
    super();
  }
}

/** UploadsService.store does the work (create and update use it for logos too); this answers with the hosted page. */
@CommandHandler(UploadFileCommand)
export class UploadFileHandler implements ICommandHandler<UploadFileCommand> {
  constructor(private readonly uploads: UploadsService) {}

  async execute({ kind, part, user, meta }: UploadFileCommand): Promise<UploadAnswer> {
    const row = await this.uploads.store(kind, part, user, meta);
    return kind === 'pdf'
      ? { id: row.id, pdfUrl: uploadPath(row.storedName), pageUrl: `/pdf/${row.id}`, fileName: row.originalName }
      : { id: row.id, imageUrl: uploadPath(row.storedName), pageUrl: `/images/${row.id}`, fileName: row.originalName };
  }
}
