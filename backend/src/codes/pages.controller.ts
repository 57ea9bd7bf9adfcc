import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { PagesService, send } from './pages.service';
import { Tenant } from '../common/request-params';

/** Public pages and files that printed codes point to. /pdf-placeholder and /image-placeholder are SPA pages. */
@Controller()
export class PagesController {
  constructor(private readonly pages: PagesService) {}

  @Get('pdf/preview')
  pdfPreview(@Tenant() tenantId: number, @Res() res: Response) {
    return this.pages.pdfPreview(tenantId).then(send(res));
  }

  @Get('pdf/:id')
  pdf(@Param('id') id: string, @Tenant() tenantId: number, @Res() res: Response) {
    return this.pages.pdf(id, tenantId).then(send(res));
  }

  @Get('images/:id')
  images(@Param('id') id: string, @Tenant() tenantId: number, @Res() res: Response) {
    return this.pages.images(id, tenantId).then(send(res));
  }

  @Get('logo/:id')
  logo(@Param('id') id: string, @Tenant() tenantId: number, @Res() res: Response) {
    return this.pages.logo(id, tenantId).then(send(res));
  }

  @Get('uploads/:name')
  file(@Param('name') name: string, @Query('download') download: string | undefined, @Tenant() tenantId: number, @Res() res: Response) {
    return this.pages.file(name, tenantId, download === '1' || download === 'true').then(send(res));
  }
}
