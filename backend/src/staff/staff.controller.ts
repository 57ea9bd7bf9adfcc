import { Controller, Delete, Get, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import {
  accountStatusAnswer,
  Authenticated,
  CurrentUser,
  STAFF_ACTIONS as CAN,
  tenantScope,
  userAnswer,
  type AccountStatusAnswer,
  type AuthUser,
  type Role,
  type UserAnswer,
} from '../accounts';
import { BlockedDomainsQuery } from '../codes';
import { VersionETag } from '../command-pipeline';
import { AnswerOf, BodyOf, CsvAnswerOf, IdParam, ParamOf, QueryOf, sent, uuidId } from '../common/input';
import { listPage, type ListQuery } from '../common/list-query';
import { CODE_NOT_FOUND, EVENT_NOT_FOUND, StaffQueryService, toCsv, USER_NOT_FOUND } from './staff-query.service';
import { StaffService } from './staff.service';
import { AdminOverviewService } from './admin-overview.service';
import { ErasePersonalDataCommand } from './erase-personal-data.command';
import {
  adminOverviewAnswer,
  auditEventAnswer,
  auditRowAnswer,
  blockedDomainAnswer,
  erasureAnswer,
  blockedDomainChangeAnswer,
  staffCodeAnswer,
  staffCodeOneAnswer,
  staffMeAnswer,
  staffUserAnswer,
  suspensionAnswer,
  type AdminOverviewAnswer,
  type ErasureAnswer,
  type BlockedDomainChangeAnswer,
  type StaffMeAnswer,
  type SuspensionAnswer,
} from './staff.answers';
import {
  blockDomainBody,
  blockedDomainsQuery,
  codesQuery,
  disableBody,
  domainName,
  erasureBody,
  eventsQuery,
  roleParam,
  suspendBody,
  usersQuery,
  type CodesQuery,
  type EventsQuery,
  type UsersQuery,
} from './staff.schemas';

type Csv = { filter: EventsQuery['filter']; sort: EventsQuery['sort'] };
const CSV_COLUMNS = ['occurredAt', 'actorEmail', 'actorId', 'type', 'summary', 'streamId', 'revision', 'clientId', 'id'];

/**
 * The staff console's API (ra-data-simple-rest dialect on /api/admin/{resource}). Each route names the action it needs
 * from staff-roles.ts, the one place that says which role may do what; reads are scoped to the caller's tenants.
 */
@Controller('api/admin')
export class StaffController {
  constructor(
    private readonly staff: StaffService,
    private readonly query: StaffQueryService,
    private readonly blocklist: BlockedDomainsQuery,
    private readonly home: AdminOverviewService,
    private readonly commandBus: CommandBus,
  ) {}

  @Get('me') @Authenticated(CAN.read) @AnswerOf(staffMeAnswer) me(@CurrentUser() user: AuthUser): StaffMeAnswer {
    return this.staff.me(user);
  }

  /** The console's home: new users, codes, scans today, mails queued, projections behind, sign-ups per day. */
  @Get('overview') @Authenticated(CAN.read) @AnswerOf(adminOverviewAnswer) overview(
    @CurrentUser() user: AuthUser,
  ): Promise<AdminOverviewAnswer> {
    return this.home.overview(tenantScope(user));
  }

  // ---------------------------------------------------------------- audit log

  @Get('events') @Authenticated(CAN.read) @AnswerOf(auditRowAnswer.array()) async events(
    @CurrentUser() user: AuthUser,
    @QueryOf(eventsQuery) q: EventsQuery,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { rows, total } = await this.query.events(q, tenantScope(user));
    return listPage(res, 'events', q.range, rows, total);
  }

  @Get('events.csv')
  @Authenticated(CAN.read)
  @CsvAnswerOf('The audit log as CSV (attachment audit-log.csv), same filter and sort')
  async eventsCsv(@CurrentUser() user: AuthUser, @QueryOf(eventsQuery) q: Csv, @Res({ passthrough: true }) res: Response): Promise<string> {
    const rows = await this.query.eventsForCsv(q, tenantScope(user));
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', 'attachment; filename="audit-log.csv"');
    return toCsv(rows, CSV_COLUMNS);
  }

  @Get('events/:id') @Authenticated(CAN.read) @AnswerOf(auditEventAnswer) event(
    @CurrentUser() user: AuthUser,
    @IdParam('id', uuidId(), EVENT_NOT_FOUND) id: string,
  ) {
    return this.query.event(id, tenantScope(user));
  }

  // ---------------------------------------------------------------- users

  @Get('users') @Authenticated(CAN.read) @AnswerOf(staffUserAnswer.array()) async users(
    @CurrentUser() user: AuthUser,
    @QueryOf(usersQuery) q: UsersQuery,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { rows, total } = await this.query.users(q, tenantScope(user));
    return listPage(res, 'users', q.range, rows, total);
  }

  @Get('users/:id') @Authenticated(CAN.read) @AnswerOf(staffUserAnswer) user(
    @CurrentUser() user: AuthUser,
    @IdParam('id', uuidId(), USER_NOT_FOUND) id: string,
  ) {
    return this.query.user(id, tenantScope(user));
  }

  @Post('users/:id/roles/:role') @Authenticated(CAN.changeRoles) @AnswerOf(userAnswer, 201) grant(
    @CurrentUser() admin: AuthUser,
    @IdParam('id', uuidId(), USER_NOT_FOUND) id: string,
    @ParamOf('role', roleParam) role: Role,
  ): Promise<UserAnswer> {
    return this.staff.grant(admin, id, role);
  }

  @Delete('users/:id/roles/:role') @Authenticated(CAN.changeRoles) @AnswerOf(userAnswer) revoke(
    @CurrentUser() admin: AuthUser,
    @IdParam('id', uuidId(), USER_NOT_FOUND) id: string,
    @ParamOf('role', roleParam) role: Role,
  ): Promise<UserAnswer> {
    return this.staff.revoke(admin, id, role);
  }

  @Post('users/:id/disable') @Authenticated(CAN.disableAccounts) @AnswerOf(accountStatusAnswer, 201) disable(
    @CurrentUser() admin: AuthUser,
    @IdParam('id', uuidId(), USER_NOT_FOUND) id: string,
    @BodyOf(disableBody) body: { reason: string },
  ): Promise<AccountStatusAnswer> {
    return this.staff.disable(admin, id, body.reason);
  }

  @Post('users/:id/enable') @Authenticated(CAN.disableAccounts) @AnswerOf(accountStatusAnswer, 201) enable(
    @CurrentUser() admin: AuthUser,
    @IdParam('id', uuidId(), USER_NOT_FOUND) id: string,
  ): Promise<AccountStatusAnswer> {
    return this.staff.enable(admin, id);
  }

  // ---------------------------------------------------------------- codes

  @Get('codes') @Authenticated(CAN.read) @AnswerOf(staffCodeAnswer.array()) async codes(
    @CurrentUser() user: AuthUser,
    @QueryOf(codesQuery) q: CodesQuery,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { rows, total } = await this.query.codes(q, tenantScope(user));
    return listPage(res, 'codes', q.range, rows, total);
  }

  /** Answers about one code carry `ETag: "<version>"`, its stream's revision, like the owner's routes. */
  @Get('codes/:id') @Authenticated(CAN.read) @VersionETag() @AnswerOf(staffCodeOneAnswer) code(
    @CurrentUser() user: AuthUser,
    @IdParam('id', uuidId(), CODE_NOT_FOUND) id: string,
  ) {
    return this.query.code(id, tenantScope(user));
  }

  @Post('codes/:id/suspension') @Authenticated(CAN.suspendCodes) @VersionETag() @AnswerOf(suspensionAnswer, 201) suspend(
    @CurrentUser() staff: AuthUser,
    @IdParam('id', uuidId(), CODE_NOT_FOUND) id: string,
    @BodyOf(suspendBody) body: { reason: string },
  ): Promise<SuspensionAnswer> {
    return this.staff.suspend(staff, id, body.reason).then(sent);
  }

  @Delete('codes/:id/suspension') @Authenticated(CAN.suspendCodes) @VersionETag() @AnswerOf(suspensionAnswer) lift(
    @CurrentUser() staff: AuthUser,
    @IdParam('id', uuidId(), CODE_NOT_FOUND) id: string,
  ): Promise<SuspensionAnswer> {
    return this.staff.lift(staff, id).then(sent);
  }

  // ---------------------------------------------------------------- destination blocklist (global)

  @Get('blocked-domains') @Authenticated(CAN.read) @AnswerOf(blockedDomainAnswer.array()) async blockedDomains(
    @QueryOf(blockedDomainsQuery) q: ListQuery<{ q?: string; id?: string[] }, 'domain' | 'blockedAt'>,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { rows, total } = await this.blocklist.list(q);
    return listPage(res, 'blocked-domains', q.range, rows, total);
  }

  @Post('blocked-domains') @Authenticated(CAN.manageBlocklist) @AnswerOf(blockedDomainChangeAnswer, 201) block(
    @CurrentUser() admin: AuthUser,
    @BodyOf(blockDomainBody) body: { domain: string; reason: string },
  ): Promise<BlockedDomainChangeAnswer> {
    return this.staff.block(admin, body.domain, body.reason);
  }

  @Delete('blocked-domains/:domain') @Authenticated(CAN.manageBlocklist) @AnswerOf(blockedDomainChangeAnswer) unblock(
    @CurrentUser() admin: AuthUser,
    @IdParam('domain', domainName, 'Blocked domain not found') domain: string,
  ): Promise<BlockedDomainChangeAnswer> {
    return this.staff.unblock(admin, domain);
  }

  // ---------------------------------------------------------------- erasure on request (issue 32)

  /** Erases a payer's address in every payment naming it (audited; the sentence names no personal data). */
  @Post('erasures/payers') @Authenticated(CAN.erasePersonalData) @AnswerOf(erasureAnswer) erasePayer(
    @CurrentUser() admin: AuthUser,
    @BodyOf(erasureBody) body: { email: string },
  ): Promise<ErasureAnswer> {
    return this.commandBus.execute(new ErasePersonalDataCommand(admin, 'payer', body.email));
  }

  /** Erases the sender's name, address, subject and message of every contact message sent from the address. */
  @Post('erasures/contact-senders') @Authenticated(CAN.erasePersonalData) @AnswerOf(erasureAnswer) eraseContactSender(
    @CurrentUser() admin: AuthUser,
    @BodyOf(erasureBody) body: { email: string },
  ): Promise<ErasureAnswer> {
    return this.commandBus.execute(new ErasePersonalDataCommand(admin, 'contact-sender', body.email));
  }
}
