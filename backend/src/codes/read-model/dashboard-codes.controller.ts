import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Authenticated, CurrentUser, type AuthUser } from '../../accounts';
import { VersionETag } from '../../command-pipeline/versions';
import { AnswerOf, IdParam, QueryOf, uuidId } from '../../common/input';
import { codeAnswer } from '../editing/codes.answers';
import { listPage } from '../../common/list-query';
import { dashboardCodesQuery, type DashboardCodesQuery } from '../editing/codes.schemas';
import { CodesQueryService } from './codes-query.service';
import { NOT_FOUND } from '../model/qr-code';

/** The dashboard's own paginated list (DESIGN.md section 9): the spec's list calls keep their shapes beside it. */
@Controller('api/dashboard')
@Authenticated()
export class DashboardCodesController {
  constructor(private readonly codes: CodesQueryService) {}

  @Get('codes')
  @AnswerOf(codeAnswer.array())
  async list(
    @CurrentUser() user: AuthUser,
    @QueryOf(dashboardCodesQuery) query: DashboardCodesQuery,
    @Res({ passthrough: true }) response: Response,
  ) {
    const { rows, total } = await this.codes.dashboardCodes(user, query);
    return listPage(response, 'codes', query.range, rows, total);
  }

  /** What react-admin's edit view loads: its ETag is what that client sends back as If-Match when it saves. */
  @Get('codes/:id')
  @VersionETag()
  @AnswerOf(codeAnswer)
  one(@CurrentUser() user: AuthUser, @IdParam('id', uuidId(), NOT_FOUND) id: string) {
    return this.codes.dashboardCode(user, id);
  }
}
