import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ParamOf, QueryOf } from '../../common/input';
import { Tenant } from '../../common/request-params';
import { fileQuery, pageId, storedFileName, type FileQuery } from './pages.schemas';
import { PagesService, send } from './pages.service';

/** Public pages and files that printed codes point to. /pdf-placeholder and /image-placeholder are SPA pages. */
@Controller()
export class PagesController {
  constructor(private readonly pages: PagesService) {}

  @Get('pdf/preview')
  pdfPreview(@Tenant() tenantId: number, @Res() res: Response) {
    return this.pages.pdfPreview(tenantId).then(send(res));
  }

  @Get('pdf/:id')
  pdf(@ParamOf('id', pageId) id: string | null, @Tenant() tenantId: number, @Res() res: Response) {
    return this.pages.pdf(id, tenantId).then(send(res));
  }

  @Get('images/:id')
  images(@ParamOf('id', pageId) id: string | null, @Tenant() tenantId: number, @Res() res: Response) {
    return this.pages.images(id, tenantId).then(send(res));
  }

  @Get('logo/:id')
  logo(@ParamOf('id', pageId) id: string | null, @Tenant() tenantId: number, @Res() res: Response) {
    return this.pages.logo(id, tenantId).then(send(res));
  }

  @Get('uploads/:name')
  file(
    @ParamOf('name', storedFileName) name: string | null,
    @QueryOf(fileQuery) query: FileQuery,
    @Tenant() tenantId: number,
    @Res() res: Response,
  ) {
    return this.pages.file(name, tenantId, query.download).then(send(res));
  }
}
