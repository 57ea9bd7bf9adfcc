import { Inject, Injectable } from '@nestjs/common';
import { Resvg } from '@resvg/resvg-js';
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../accounts/auth';
import { ValidationFailed } from '../../common/errors.filter';
import { ENV, Env } from '../../config/env';
import { EventWriter } from '../../event-store/event-writer';
import { ProjectionsService } from '../../projections/projections.service';
import { displayName, sniff, svgRefusal } from './file-type';
import { FileUploaded, UploadKind, uploadPath, uploadStream } from './upload.events';
import { UploadedFileEntity } from './uploaded-file.entity';

/** A part of a multipart body as multer's memory storage hands it over. */
export interface UploadedPart {
  fieldname: string;
  originalname: string;
  mimetype: string;
  size: number;
  buffer: Buffer;
}

const STORED_NAME_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(pdf|png|jpg|gif|webp)$/;
const MB = 1024 * 1024;

const RULES: Record<UploadKind, { field: string; allowed: string[]; wrongType: string; what: string }> = {
  pdf: { field: 'pdfFile', allowed: ['application/pdf'], wrongType: 'Please select a PDF file', what: 'PDF' },
  image: { field: 'imageFile', allowed: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'], wrongType: 'Please select an image file (PNG, JPEG, GIF or WebP)', what: 'image' },
  logo: { field: 'logoFile', allowed: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'], wrongType: 'The logo must be a PNG, JPEG, GIF, WebP or SVG image', what: 'logo' },
};

/**
 * Stores uploaded files under random names in UPLOAD_DIR and records them as `FileUploaded` on `upload-{id}`.
 * The type comes from the bytes; SVG logos are checked and rasterised to PNG, so no SVG is ever served.
 */
@Injectable()
export class UploadsService {
  readonly dir: string;

  constructor(
    private readonly events: EventWriter,
    private readonly projections: ProjectionsService,
    private readonly dataSource: DataSource,
    @Inject(ENV) private readonly env: Env,
  ) {
    this.dir = resolve(env.UPLOAD_DIR);
  }

  maxBytes(kind: UploadKind): number {
    return kind === 'pdf' ? this.env.MAX_PDF_BYTES : kind === 'image' ? this.env.MAX_IMAGE_BYTES : this.env.MAX_LOGO_BYTES;
  }

  tooLarge(kind: UploadKind): string {
    return `The ${RULES[kind].what} must be at most ${Math.round((this.maxBytes(kind) / MB) * 10) / 10} MB`;
  }

  /** Checks a part (size, magic bytes, SVG content) and returns the bytes and type to store. */
  check(kind: UploadKind, part: UploadedPart | undefined): { buffer: Buffer; mime: string; ext: string } {
    const rule = RULES[kind];
    if (!part || !part.buffer?.length) throw new ValidationFailed({ [rule.field]: rule.wrongType });
    if (part.buffer.length > this.maxBytes(kind)) throw new ValidationFailed({ [rule.field]: this.tooLarge(kind) });
    const type = sniff(part.buffer);
    if (!type || !rule.allowed.includes(type.mime)) throw new ValidationFailed({ [rule.field]: rule.wrongType });
    if (type.ext !== 'svg') return { buffer: part.buffer, mime: type.mime, ext: type.ext };
    const refusal = svgRefusal(part.buffer.toString('utf8'));
    if (refusal) throw new ValidationFailed({ [rule.field]: refusal });
    try {
      const png = new Resvg(part.buffer.toString('utf8'), { fitTo: { mode: 'width', value: 512 }, font: { loadSystemFonts: false } }).render().asPng();
      return { buffer: Buffer.from(png), mime: 'image/png', ext: 'png' };
    } catch {
      throw new ValidationFailed({ [rule.field]: 'The SVG logo could not be read' });
    }
  }

  /** Stores a checked file and records it; resolves once the read model shows it. */
  async store(kind: UploadKind, part: UploadedPart | undefined, user: AuthUser, meta: { title?: string | null; description?: string | null } = {}): Promise<UploadedFileEntity> {
    const { buffer, mime, ext } = this.check(kind, part);
    const uploadId = randomUUID();
    const storedName = `${uploadId}.${ext}`;
    await mkdir(this.dir, { recursive: true });
    await writeFile(join(this.dir, storedName), buffer, { flag: 'wx' });
    const data: FileUploaded = {
      uploadId,
      userId: user.id,
      kind,
      storedName,
      originalName: displayName(part?.originalname, `${kind}.${ext}`),
      mimeType: mime,
      sizeBytes: buffer.length,
      title: meta.title?.trim().slice(0, 255) || null,
      description: meta.description?.trim().slice(0, 2000) || null,
    };
    const result = await this.events.append(uploadStream(uploadId), [this.events.event('FileUploaded', data, { actorId: user.id, tenantId: user.tenantId })], 'no_stream');
    await this.projections.waitFor(result.position);
    return (await this.dataSource.getRepository(UploadedFileEntity).findOneByOrFail({ id: uploadId }));
  }

  /** An upload of this tenant by id (pages), or null. */
  async byId(id: string, tenantId: number, kind?: UploadKind): Promise<UploadedFileEntity | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const row = await this.dataSource.getRepository(UploadedFileEntity).findOneBy({ id, clientId: tenantId });
    return row && (!kind || row.kind === kind) ? row : null;
  }

  /** Resolves `/uploads/{storedName}` or a bare upload id sent back by the client to the caller's own upload. */
  async ownedByReference(reference: string | null, user: AuthUser, kind: UploadKind): Promise<UploadedFileEntity | null> {
    if (!reference) return null;
    const match = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/i.exec(reference);
    if (!match) return null;
    const row = await this.byId(match[1].toLowerCase(), user.tenantId, kind);
    return row && row.userId === user.id ? row : null;
  }

  /** The file behind `/uploads/{name}`: the name must be one we generated, and the row must be this tenant's. */
  async fileByStoredName(name: string, tenantId: number): Promise<{ row: UploadedFileEntity; bytes: Buffer } | null> {
    if (!STORED_NAME_RE.test(name)) return null;
    const row = await this.dataSource.getRepository(UploadedFileEntity).findOneBy({ storedName: name, clientId: tenantId });
    if (!row) return null;
    return { row, bytes: await readFile(join(this.dir, row.storedName)) };
  }

  async bytesOf(row: UploadedFileEntity): Promise<Buffer> {
    if (!STORED_NAME_RE.test(row.storedName)) throw new Error('Unexpected stored name');
    return readFile(join(this.dir, row.storedName));
  }

  /** A logo as a data: URL, so rendered SVG and PNG downloads stand alone. */
  async logoDataUrl(logoFilePath: string | null, tenantId: number): Promise<string | null> {
    const match = logoFilePath ? /^\/logo\/([0-9a-f-]{36})$/.exec(logoFilePath) : null;
    if (!match) return null;
    const row = await this.byId(match[1], tenantId, 'logo');
    if (!row) return null;
    return `data:${row.mimeType};base64,${(await this.bytesOf(row)).toString('base64')}`;
  }
}

export { uploadPath };
