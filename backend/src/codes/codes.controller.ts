import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Post, Put, Query, StreamableFile, UploadedFiles, UseGuards, UseInterceptors } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Authenticated, CurrentUser, MaybeUser, OptionalUserGuard, type AuthUser } from '../accounts';
import { ClientInfo, Host, Tenant, type RequestInfo } from '../common/request-params';
import { CodesService, parseIfMatch, type Files } from './codes.service';
import { CreateQrCodeCommand } from './create-qr-code.command';
import { DeleteQrCodeCommand } from './delete-qr-code.command';
import { TrackGenerationCommand } from './track-generation.command';
import { UpdateQrCodeCommand } from './update-qr-code.command';
import { Multipart } from './uploads/multipart.interceptor';

/** Core spec section 7: generation, saved codes, downloads, history, tracking, payment product, subdomain info. */
@Controller('api')
export class CodesController {
  constructor(private readonly codes: CodesService, private readonly commandBus: CommandBus) {}

  @Post('generate-qrcode')
  @HttpCode(200)
  @UseGuards(OptionalUserGuard)
  generate(@MaybeUser() user: AuthUser | null, @Body() body: Record<string, unknown>, @Tenant() tenantId: number) {
    return this.codes.generate(user, body ?? {}, tenantId);
  }

  @Post('qrcodes')
  @Authenticated()
  @UseInterceptors(Multipart('logoFile'))
  create(@CurrentUser() user: AuthUser, @Body() body: Record<string, unknown>, @UploadedFiles() files: Files) {
    return this.commandBus.execute(new CreateQrCodeCommand(user, body ?? {}, files));
  }

  @Get('qrcodes')
  @Authenticated()
  list(@CurrentUser() user: AuthUser) {
    return this.codes.listStatic(user);
  }

  @Put('qrcodes/:id')
  @Authenticated()
  @UseInterceptors(Multipart('logoFile'))
  update(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() body: Record<string, unknown>, @UploadedFiles() files: Files, @Headers('if-match') ifMatch?: string) {
    return this.commandBus.execute(new UpdateQrCodeCommand(user, id, body ?? {}, files, parseIfMatch(ifMatch)));
  }

  @Delete('qrcodes/:id')
  @Authenticated()
  remove(@CurrentUser() user: AuthUser, @Param('id') id: string, @Headers('if-match') ifMatch?: string) {
    return this.commandBus.execute(new DeleteQrCodeCommand(user, id, undefined, parseIfMatch(ifMatch)));
  }

  @Get('qrcodes/:id/download')
  @Authenticated()
  download(@CurrentUser() user: AuthUser, @Param('id') id: string, @Query('format') format: string | undefined, @ClientInfo() info: RequestInfo) {
    return this.codes.download(user, id, format, info).then((file) => new StreamableFile(file.body, { type: file.contentType, disposition: `attachment; filename="${file.fileName}"` }));
  }

  @Get('qrcodes/:id/history')
  @Authenticated()
  history(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.codes.history(user, id);
  }

  @Post('track-generation')
  @UseGuards(OptionalUserGuard)
  track(@MaybeUser() user: AuthUser | null, @Tenant() tenantId: number, @Body() body: Record<string, unknown>, @ClientInfo() info: RequestInfo) {
    return this.commandBus.execute(new TrackGenerationCommand(user, tenantId, body ?? {}, info));
  }

  @Get('payment-product/:id')
  paymentProduct(@Param('id') id: string, @Tenant() tenantId: number) {
    return this.codes.paymentProduct(id, tenantId);
  }

  @Get('subdomain-info')
  subdomainInfo(@Host() host: string) {
    return this.codes.subdomainInfo(host);
  }
}
