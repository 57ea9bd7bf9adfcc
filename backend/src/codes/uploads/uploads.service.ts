import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../accounts';
import { CommandPipeline, type PlannedAppend } from '../../command-pipeline/command-pipeline';
import { DomainError } from '../../common/domain-error';
import { SERVICE_UNAVAILABLE } from '../../http/errors.filter';
import { ENV, Env } from '../../config/env';
import { RenderError, RenderPool } from '../../rendering/render-pool';
import { displayName, imageDimensions, sniff } from './file-type';
import type { FileUpload } from './file-upload';
import { sanitiseSvgLogo, SVG_UNREADABLE, TOO_COMPLEX } from './svg-logo';
import { FileUploaded, UPLOAD_EVENTS, UploadKind, uploadPath, uploadStream } from './upload.events';
import { UploadedFileEntity } from './uploaded-file.entity';

/** A stored upload as its event recorded it (what commands need: no read model involved). */
export type StoredUpload = FileUploaded & { tenantId: number };

/** A checked upload not yet recorded: its event, to append with the command's other events, and its bytes. */
export interface PreparedUpload {
  upload: StoredUpload;
  append: PlannedAppend;
  /** Writes the bytes under their stored name (at most once): before the append commits. */
  write(): Promise<void>;
  /** Removes the written bytes again when the append did not commit. */
  discard(): Promise<void>;
}

const UUID_IN = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/i;

/** A stored file's name: its upload id and its extension (nothing else is ever served from UPLOAD_DIR). */
export const STORED_NAME_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(pdf|png|jpg|gif|webp)$/;
const MB = 1024 * 1024;

const RULES: Record<UploadKind, { field: string; allowed: string[]; wrongType: string; what: string }> = {
  pdf: { field: 'pdfFile', allowed: ['application/pdf'], wrongType: 'Please select a PDF file', what: 'PDF' },
  image: {
    field: 'imageFile',
    allowed: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
    wrongType: 'Please select an image file (PNG, JPEG, GIF or WebP)',
    what: 'image',
  },
  logo: {
    field: 'logoFile',
    allowed: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'],
    wrongType: 'The logo must be a PNG, JPEG, GIF, WebP or SVG image',
    what: 'logo',
  },
};

/**
 * Stores uploaded files under random names in UPLOAD_DIR and records them as `FileUploaded` on `upload-{id}`.
 * The type comes from the bytes, the size from the header; SVG logos are reduced to an allow-list and rasterised to
 * PNG in a render process, so no SVG is ever served.
 */
@Injectable()
export class UploadsService {
  readonly dir: string;

  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly dataSource: DataSource,
    @Inject(ENV) private readonly env: Env,
    private readonly renders: RenderPool,
  ) {
    this.dir = resolve(env.UPLOAD_DIR);
  }

  maxBytes(kind: UploadKind): number {
    return kind === 'pdf' ? this.env.MAX_PDF_BYTES : kind === 'image' ? this.env.MAX_IMAGE_BYTES : this.env.MAX_LOGO_BYTES;
  }

  tooLarge(kind: UploadKind): string {
    return `The ${RULES[kind].what} must be at most ${Math.round((this.maxBytes(kind) / MB) * 10) / 10} MB`;
  }

  /** Largest width x height of an image of this kind (pdf: not an image). */
  maxPixels(kind: UploadKind): number {
    return kind === 'logo' ? this.env.MAX_LOGO_PIXELS : this.env.MAX_IMAGE_PIXELS;
  }

  /**
   * Checks a file (size, magic bytes, dimensions from the header, SVG allow-list) and returns the bytes and type to
   * store; refusals name the field. Nothing is decoded here: SVG logos are rasterised by the render processes.
   */
  async check(kind: UploadKind, file: FileUpload | null): Promise<{ buffer: Buffer; mime: string; ext: string }> {
    const rule = RULES[kind];
    if (!file || !file.bytes?.length) throw DomainError.invalid({ [rule.field]: rule.wrongType });
    // 413 however much over: multer stops a route's part one byte past its largest limit, this sees the rest.
    if (file.bytes.length > this.maxBytes(kind))
      throw new DomainError('too_large', this.tooLarge(kind), { [rule.field]: this.tooLarge(kind) });
    const type = sniff(file.bytes);
    if (!type || !rule.allowed.includes(type.mime)) throw DomainError.invalid({ [rule.field]: rule.wrongType });
    if (type.ext === 'pdf') return { buffer: file.bytes, mime: type.mime, ext: type.ext };
    if (type.ext === 'svg') return { buffer: await this.rasteriseLogo(rule.field, file.bytes), mime: 'image/png', ext: 'png' };
    const size = imageDimensions(file.bytes, type);
    if (!size) throw DomainError.invalid({ [rule.field]: 'The image could not be read' });
    if (size.width * size.height > this.maxPixels(kind)) throw DomainError.invalid({ [rule.field]: this.tooManyPixels(kind) });
    return { buffer: file.bytes, mime: type.mime, ext: type.ext };
  }

  tooManyPixels(kind: UploadKind): string {
    const max = this.maxPixels(kind);
    const side = Math.floor(Math.sqrt(max));
    return side * side === max
      ? `The image is too large: at most ${side} x ${side} pixels`
      : `The image is too large: at most ${max} pixels`;
  }

  /**
   * An SVG logo reduced to the allow-list, then rasterised in a render process (never on this event loop). Over the
   * time or memory budget is the file's fault (400); a full queue or a crashed process is ours (503).
   */
  private async rasteriseLogo(field: string, bytes: Buffer): Promise<Buffer> {
    const logo = sanitiseSvgLogo(bytes.toString('utf8'));
    if (!logo.ok) throw DomainError.invalid({ [field]: logo.refusal });
    try {
      return await this.renders.run({ kind: 'rasterise', svg: logo.svg, width: logo.rasterWidth });
    } catch (error) {
      if (!(error instanceof RenderError)) throw error;
      if (error.reason === 'invalid') throw DomainError.invalid({ [field]: SVG_UNREADABLE });
      if (error.reason === 'timeout' || error.reason === 'memory') throw DomainError.invalid({ [field]: TOO_COMPLEX });
      throw new DomainError('unavailable', SERVICE_UNAVAILABLE);
    }
  }

  /**
   * Checks a file and describes it as the `FileUploaded` event of a new `upload-{id}` stream, stored under a random
   * name; nothing is written or appended here. The command that records the upload (uploading a file, creating or
   * updating a code with a logo) appends `append` in its own single `appendMany`, calls `write()` before that commit
   * (the event never names a missing file) and `discard()` when nothing committed.
   */
  async prepare(
    kind: UploadKind,
    file: FileUpload | null,
    user: AuthUser,
    meta: { title?: string | null; description?: string | null } = {},
  ): Promise<PreparedUpload> {
    const { buffer, mime, ext } = await this.check(kind, file);
    const uploadId = randomUUID();
    const storedName = `${uploadId}.${ext}`;
    const data: FileUploaded = {
      uploadId,
      userId: user.id,
      kind,
      storedName,
      originalName: displayName(file?.originalName, `${kind}.${ext}`),
      mimeType: mime,
      sizeBytes: buffer.length,
      title: meta.title?.trim().slice(0, 255) || null,
      description: meta.description?.trim().slice(0, 2000) || null,
    };
    const path = join(this.dir, storedName);
    let written: Promise<void> | null = null;
    return {
      upload: { ...data, tenantId: user.tenantId },
      append: { streamId: uploadStream(uploadId), events: [{ type: 'FileUploaded', data }], expectedRevision: 'no_stream' },
      write: () => (written ??= mkdir(this.dir, { recursive: true }).then(() => writeFile(path, buffer, { flag: 'wx' }))),
      discard: async () => {
        if (written) await rm(path, { force: true });
      },
    };
  }

  /** An upload by id from its stream (the source of truth: a command never waits on the read model for it). */
  async find(uploadId: string, tenantId: number, kind?: UploadKind): Promise<StoredUpload | null> {
    const [event] = await this.pipeline.store.readStream(uploadStream(uploadId.toLowerCase()));
    if (!event || !UPLOAD_EVENTS.has(event) || event.metadata.tenantId !== tenantId) return null;
    const { data } = event;
    return !kind || data.kind === kind ? { ...data, tenantId } : null;
  }

  /** An upload of this tenant by id (pages), or null. */
  async byId(id: string, tenantId: number, kind?: UploadKind): Promise<UploadedFileEntity | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const row = await this.dataSource.getRepository(UploadedFileEntity).findOneBy({ id, clientId: tenantId });
    return row && (!kind || row.kind === kind) ? row : null;
  }

  /** Resolves `/uploads/{storedName}` or a bare upload id sent back by the client to the caller's own upload. */
  async ownedByReference(reference: string | null, user: AuthUser, kind: UploadKind): Promise<StoredUpload | null> {
    const match = reference ? UUID_IN.exec(reference) : null;
    if (!match) return null;
    const upload = await this.find(match[1], user.tenantId, kind);
    return upload && upload.userId === user.id ? upload : null;
  }

  /** The file behind `/uploads/{name}`: the name must be one we generated, and the row must be this tenant's. */
  async fileByStoredName(name: string, tenantId: number): Promise<{ row: UploadedFileEntity; bytes: Buffer } | null> {
    if (!STORED_NAME_RE.test(name)) return null;
    const row = await this.dataSource.getRepository(UploadedFileEntity).findOneBy({ storedName: name, clientId: tenantId });
    if (!row) return null;
    return { row, bytes: await readFile(join(this.dir, row.storedName)) };
  }

  async bytesOf(row: Pick<UploadedFileEntity, 'storedName'>): Promise<Buffer> {
    if (!STORED_NAME_RE.test(row.storedName)) throw new Error('Unexpected stored name');
    return readFile(join(this.dir, row.storedName));
  }

  /** A logo as a data: URL, so rendered SVG and PNG downloads stand alone. */
  async logoDataUrl(logoFilePath: string | null, tenantId: number): Promise<string | null> {
    const match = logoFilePath ? /^\/logo\/([0-9a-f-]{36})$/.exec(logoFilePath) : null;
    if (!match) return null;
    const upload = await this.find(match[1], tenantId, 'logo');
    if (!upload) return null;
    return `data:${upload.mimeType};base64,${(await this.bytesOf(upload)).toString('base64')}`;
  }
}

export { uploadPath };
