/**
 * The codes feature's front door: its events (types and stream names, the contracts scans and analytics project)
 * and its query service. Other features import codes only from here.
 */
export * from './model/qr-code.events';
export type { FileUploaded, UploadKind } from './uploads/upload.events';
export { uploadStream, UPLOAD_EVENTS, UPLOAD_EVENT_TYPES, type UploadEvents } from './uploads/upload.events';
export { CodesQueryService, type ExportedCode, type HistoryEntry, type PaymentCode } from './read-model/codes-query.service';
export type { CodeDto, DeletedCodeDto, DynamicCodeDto, StaticCodeDto } from './read-model/code-dto';
/** A code as its routes answer it (the staff console's suspension answers the same), for the routes' docs. */
export { codeAnswer, deletedCodeAnswer, qrModeAnswer, qrTypeAnswer, type CodeAnswer } from './editing/codes.answers';
/** The hosted pages of codes whose content is not a web address: what the redirect serves at /d/ for them. */
export { HOSTED_PAGE_CSP, renderHostedPage, renderNoticePage, type HostedPageInput } from './pages/hosted-pages';
/** Routing of dynamic codes (issue 33): the redirect decides each scan with the same pure function as simulate. */
export { compileRouting, decideRoute, type CompiledRouting, type RouteAnswer, type RouteRequest, type Routing } from './routing/routing';
export { HumanScanCount } from './routing/human-scan-count';
/** Passwords of dynamic codes: the redirect checks a scanner's password against scan_targets' hash with this. */
export { verifyCodePassword, CODE_PASSWORD_MAX } from './password/code-passwords';
/** Abuse handling for the staff console: suspending codes and the destination blocklist (commands and its reads). */
export { SuspendCodeCommand, LiftSuspensionCommand } from './abuse/suspend-code.command';
export { BlockDomainCommand, UnblockDomainCommand, type BlockedDomainAnswer } from './abuse/blocked-domain.command';
export {
  BlockedDomainsQuery,
  type BlockedDomainFilter,
  type BlockedDomainRow,
  type BlockedDomainSort,
} from './abuse/blocked-domains.query';
/** Every style field a QrCreated carries, as the create command stores a code made without style (test fixtures too). */
export { DEFAULT_STORED_STYLE } from './model/code-input';
/** The destination policy's address ranges: the webhooks feature holds its endpoints to the same rule (issue 34). */
export { isLocalOrPrivateHost, isNonPublicAddress } from './destinations/destination';
export { CODE_MODERATION_VIEW, CODE_REDIRECTS, CODES_PROJECTION } from './read-model/codes.projection';
export { UPLOADED_FILES_PROJECTION } from './uploads/uploads.projection';
export { BLOCKED_DOMAINS_PROJECTION } from './abuse/blocked-domains.projection';
export { allCodesSql, dynamicCodesSql } from './read-model/codes-sql';
/** Batches (issue 35) make each row through the single create: its body's schema (the same rules) and its command. */
export { codeInputSchema } from './editing/code-requests';
export { CreateQrCodeCommand } from './editing/create-qr-code.command';
/** Issue 35: the tag rules (trimmed, 1 to 50 characters, at most 20 a code, none twice ignoring case), for batches' rows. */
export { checkTags, TAG_MAX_LENGTH, TAGS_MAX } from './model/tags';
/** Exports of many codes (issue 35: a batch's or a selection's ZIP and print PDF): each code's files, drawn as a download's. */
export { CodeArtwork, type CodeArtworkItem } from './generator/code-artwork';
/** Batches (issue 35) tag each code a row makes with the row's tags, through the tag editor's own command. */
export { SetCodeTagsCommand } from './tags/tag-commands';
