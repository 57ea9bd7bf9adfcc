import { Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { Authenticated, CurrentUser, MaybeUser, OptionalUserGuard, type AuthUser } from '../../accounts';
import { AnswerOf, BodyOf, ErrorAnswers, FilesAnswerOf, IdParam, QueryOf, uuidId } from '../../common/input';
import { ClientInfo, Host, Tenant, type RequestInfo } from '../../common/request-params';
import { codePreviewSchema, type CodePreview } from '../editing/code-requests';
import { downloadQuerySchema, type DownloadQuery } from '../editing/codes.schemas';
import { NOT_FOUND } from '../model/qr-code';
import { DownloadsService } from './downloads.service';
import { generatedCodeAnswer, subdomainInfoAnswer, type SubdomainInfo } from './generator.answers';
import { GeneratorService } from './generator.service';

/** Core spec section 7: the generator's server side: previews, a saved code's image download, the subdomain's preselection. */
@Controller('api')
export class GeneratorController {
  constructor(
    private readonly generator: GeneratorService,
    private readonly downloads: DownloadsService,
  ) {}

  @Post('generate-qrcode')
  @HttpCode(200)
  @UseGuards(OptionalUserGuard)
  @AnswerOf(generatedCodeAnswer)
  generate(@MaybeUser() user: AuthUser | null, @BodyOf(codePreviewSchema) preview: CodePreview, @Tenant() tenantId: number) {
    return this.generator.generate(user, preview, tenantId);
  }

  @Get('qrcodes/:id/download')
  @Authenticated()
  @FilesAnswerOf(['image/png', 'image/svg+xml'], 'The code as a file (attachment qrcode-{type}.png or .svg): PNG at 3x, or SVG')
  @ErrorAnswers({
    400: 'format is neither png nor svg',
    401: 'Not signed in',
    404: 'No such code of yours (or deleted)',
    503: 'The PNG could not be drawn now (render processes busy); try again',
  })
  download(
    @CurrentUser() user: AuthUser,
    @IdParam('id', uuidId(), NOT_FOUND) id: string,
    @QueryOf(downloadQuerySchema) query: DownloadQuery,
    @ClientInfo() info: RequestInfo,
  ) {
    return this.downloads.download(user, id, query.format, info);
  }

  @Get('subdomain-info')
  @AnswerOf(subdomainInfoAnswer)
  subdomainInfo(@Host() host: string): SubdomainInfo {
    return this.generator.subdomainInfo(host);
  }
}
