import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { FilesAnswerOf, PageAnswer, ParamOf, QueryOf } from '../../common/input';
import { Tenant } from '../../common/request-params';
import { fileQuery, pageId, storedFileName, type FileQuery } from './pages.schemas';
import { PagesService, send } from './pages.service';

/** What a stored logo or image is served as (uploads.service.ts keeps only these; an SVG logo is stored as PNG). */
const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** Public pages and files that printed codes point to. /pdf-placeholder and /image-placeholder are SPA pages. */
@Controller()
export class PagesController {
  constructor(private readonly pages: PagesService) {}

  @Get('pdf/preview')
  @PageAnswer(200, "The PDF page's look with a sample title, for the generator's preview")
  pdfPreview(@Tenant() tenantId: number, @Res() res: Response) {
    return this.pages.pdfPreview(tenantId).then(send(res));
  }

  @Get('pdf/:id')
  @PageAnswer(200, 'The hosted page of an uploaded PDF: its title, description and the file shown inline')
  @PageAnswer(404, 'No PDF of this brand with that id: the not-found page')
  pdf(@ParamOf('id', pageId) id: string | null, @Tenant() tenantId: number, @Res() res: Response) {
    return this.pages.pdf(id, tenantId).then(send(res));
  }

  @Get('images/:id')
  @PageAnswer(200, 'The hosted page of an uploaded image: its title, description and the image')
  @PageAnswer(404, 'No image of this brand with that id: the not-found page')
  images(@ParamOf('id', pageId) id: string | null, @Tenant() tenantId: number, @Res() res: Response) {
    return this.pages.images(id, tenantId).then(send(res));
  }

  @Get('logo/:id')
  @FilesAnswerOf(LOGO_TYPES, "A code's logo as stored (an SVG logo was stored as PNG), inline, sandboxed by its CSP")
  @PageAnswer(404, 'No logo of this brand with that id: the not-found page')
  logo(@ParamOf('id', pageId) id: string | null, @Tenant() tenantId: number, @Res() res: Response) {
    return this.pages.logo(id, tenantId).then(send(res));
  }

  @Get('uploads/:name')
  @FilesAnswerOf(['application/pdf', ...LOGO_TYPES], 'A stored PDF or image; inline, or as an attachment with ?download=1')
  @PageAnswer(404, 'No stored file of this brand with that name: the not-found page')
  file(
    @ParamOf('name', storedFileName) name: string | null,
    @QueryOf(fileQuery) query: FileQuery,
    @Tenant() tenantId: number,
    @Res() res: Response,
  ) {
    return this.pages.file(name, tenantId, query.download).then(send(res));
  }
}
