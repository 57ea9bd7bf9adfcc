import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../accounts';
import { CommandPipeline } from '../../command-pipeline/command-pipeline';
import type { FileUpload } from './file-upload';
import { uploadPath } from './upload.events';
import { UploadsService } from './uploads.service';
import { UPLOADED_FILES_PROJECTION } from './uploads.projection';
import type { UploadAnswer } from './uploads.answers';

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

/**
 * The file is checked (UploadsService.prepare), written under a random name, and recorded as FileUploaded on a new
 * `upload-{id}` stream in one append; the bytes are removed again when nothing committed. Waits (bounded) for the
 * uploaded-files projection so the public page (/pdf/{id}, /images/{id}) shows at once; answers with the hosted page.
 */
@CommandHandler(UploadFileCommand)
export class UploadFileHandler implements ICommandHandler<UploadFileCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly uploads: UploadsService,
  ) {}

  async execute({ kind, file, user, meta }: UploadFileCommand): Promise<UploadAnswer> {
    const prepared = await this.uploads.prepare(kind, file, user, meta);
    const stored = await this.pipeline
      .execute({
        actor: { actorId: user.id, tenantId: user.tenantId },
        waitFor: [UPLOADED_FILES_PROJECTION],
        plan: async () => {
          await prepared.write();
          return { appends: [prepared.append], answer: () => prepared.upload };
        },
      })
      .catch(async (error: unknown) => {
        await prepared.discard();
        throw error;
      });
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
