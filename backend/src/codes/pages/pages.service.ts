import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { HOSTED_PAGE_CSP, renderHostedPage, renderNoticePage } from './hosted-pages';
import { TenantsService } from '../../tenants';
import { uploadPath } from '../uploads/upload.events';
import { UploadsService } from '../uploads/uploads.service';

export interface Page {
  status: number;
  contentType: string;
  body: string | Buffer;
  headers?: Record<string, string>;
}

/** Uploaded files (logos, gallery images, PDFs) run in a sandbox of their own and load nothing. */
export const FILE_CSP = "default-src 'none'; sandbox";

/** Writes a Page; every answer says nosniff, pages add their CSP, files their disposition. */
export function send(res: Response): (page: Page) => void {
  return (page) => {
    res.status(page.status).setHeader('Content-Type', page.contentType);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    for (const [name, value] of Object.entries(page.headers ?? {})) res.setHeader(name, value);
    res.end(page.body);
  };
}

const html = (status: number, body: string): Page => ({
  status,
  contentType: 'text/html; charset=utf-8',
  body,
  headers: { 'Content-Security-Policy': HOSTED_PAGE_CSP, 'Cache-Control': 'no-store' },
});

/** RFC 6266 filename: ASCII fallback plus UTF-8 form. */
const disposition = (kind: 'inline' | 'attachment', name: string) =>
  `${kind}; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** The pages codes point to: /pdf/{id}, /pdf/preview, /images/{id}, /logo/{id}, and the stored files under /uploads/. */
@Injectable()
export class PagesService {
  constructor(
    private readonly uploads: UploadsService,
    private readonly tenants: TenantsService,
  ) {}

  private async notFound(tenantId: number, what: string): Promise<Page> {
    const { name } = await this.tenants.brand(tenantId);
    return html(
      404,
      renderNoticePage({
        heading: `${what} not found`,
        message: `This ${what.toLowerCase()} does not exist or was removed.`,
        tenantName: name,
      }),
    );
  }

  async pdfPreview(tenantId: number): Promise<Page> {
    const { origin, name } = await this.tenants.brand(tenantId);
    return html(200, renderHostedPage({ qrType: 'pdf', fields: { title: 'PDF preview' }, origin, tenantName: name }));
  }

  async pdf(id: string | null, tenantId: number): Promise<Page> {
    const row = id ? await this.uploads.byId(id, tenantId, 'pdf') : null;
    if (!row) return this.notFound(tenantId, 'PDF');
    const { origin, name } = await this.tenants.brand(tenantId);
    const fields = {
      title: row.title ?? row.originalName,
      description: row.description ?? '',
      pdfUrl: uploadPath(row.storedName),
      pdfFileName: row.originalName,
    };
    return html(200, renderHostedPage({ qrType: 'pdf', fields, origin, tenantName: name }));
  }

  async images(id: string | null, tenantId: number): Promise<Page> {
    const row = id ? await this.uploads.byId(id, tenantId, 'image') : null;
    if (!row) return this.notFound(tenantId, 'Image');
    const { origin, name } = await this.tenants.brand(tenantId);
    const fields = { title: row.title ?? row.originalName, description: row.description ?? '', imageUrl: uploadPath(row.storedName) };
    return html(200, renderHostedPage({ qrType: 'images', fields, origin, tenantName: name }));
  }

  async logo(id: string | null, tenantId: number): Promise<Page> {
    const row = id ? await this.uploads.byId(id, tenantId, 'logo') : null;
    if (!row) return this.notFound(tenantId, 'Logo');
    return {
      status: 200,
      contentType: row.mimeType,
      body: await this.uploads.bytesOf(row),
      headers: {
        'Content-Disposition': disposition('inline', row.originalName),
        'Cache-Control': 'public, max-age=86400',
        'Content-Security-Policy': FILE_CSP,
      },
    };
  }

  /**
   * A stored file by its generated name, PDFs and images alike under a sandboxing CSP (an opaque origin: nothing in
   * the file acts as this site). Chromium's PDF viewer shows a sandboxed PDF, inline and in the hosted page's object.
   */
  async file(name: string | null, tenantId: number, download: boolean): Promise<Page> {
    const found = name ? await this.uploads.fileByStoredName(name, tenantId) : null;
    if (!found) return this.notFound(tenantId, 'File');
    const { row, bytes } = found;
    const headers: Record<string, string> = {
      'Content-Disposition': disposition(download ? 'attachment' : 'inline', row.originalName),
      'Cache-Control': 'public, max-age=86400',
    };
    headers['Content-Security-Policy'] = FILE_CSP;
    return { status: 200, contentType: row.mimeType, body: bytes, headers };
  }
}
