import { codeDisplayName, dynamicLink, encodePayload, type QrType } from '@qrsharks/qr-core';
import { staticColumns } from './code-columns.map';
import { DynamicQrCodeEntity } from './dynamic-qr-code.entity';
import type { QrState } from '../model/qr-code';
import type { QrCreated } from '../model/qr-code.events';
import { QrCodeEntity } from './qr-code.entity';

type Hidden = 'clientId' | 'isDeleted' | 'deletedAt';
/**
 * A saved static code as the API answers it: its row, the text its QR encodes, and its one display name (issue 30
 * item 1: the typed name, else derived from its content by qr-core's codeDisplayName; never a payload or a password).
 */
export type StaticCodeDto = Omit<QrCodeEntity, Hidden> & { content: string | null; displayName: string };
/** A dynamic code as the API answers it: its row, its /d/ link (which is also what its QR encodes). */
export type DynamicCodeDto = Omit<DynamicQrCodeEntity, Hidden | 'destination'> & {
  qrMode: 'dynamic';
  destination: string | null;
  link: string;
  content: string;
  displayName: string;
};
export type CodeDto = StaticCodeDto | DynamicCodeDto;
export interface DeletedCodeDto {
  id: string;
  deleted: true;
}

export function staticDto(row: QrCodeEntity, origin: string): StaticCodeDto {
  const { clientId: _c, isDeleted: _d, deletedAt: _da, ...rest } = row;
  const contentId = typeof row.qrData.uploadId === 'string' ? row.qrData.uploadId : row.id;
  let content: string | null = null;
  try {
    content = encodePayload(row.qrType as QrType, row.qrData, { origin, id: contentId });
  } catch {
    content = null;
  }
  return { ...rest, content, displayName: codeDisplayName({ qrType: row.qrType, name: row.name, fields: row.qrData }) };
}

export function dynamicDto(row: DynamicQrCodeEntity, origin: string): DynamicCodeDto {
  const { clientId: _c, isDeleted: _d, deletedAt: _da, ...rest } = row;
  const link = dynamicLink(origin, row.shortCode);
  const displayName = codeDisplayName({ qrType: row.qrType, name: row.name, fields: row.qrData, destination: row.destination });
  return { ...rest, qrMode: 'dynamic', destination: row.destination || null, link, content: link, displayName };
}

const camel = (column: string) => column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
/** numeric(10,7) as PostgreSQL prints it, so a row built here reads like one the projection wrote. */
const decimal7 = (value: unknown) => (value === null || value === undefined ? null : Number(value).toFixed(7));
const date = (value: string | null) => (value ? new Date(value) : null);

/**
 * The row the codes projection writes for this state (CodesProjection, same column functions), built from the
 * events instead of read: the answer of a committed write whose projection has not caught up yet. Scan counts live
 * outside the code's stream: `scans` carries them when known (0 for a new code).
 */
export function rowFromState(
  state: QrState & { code: QrCreated },
  version: number,
  scans: { scanCount: number; lastScannedAt: Date | null } = { scanCount: 0, lastScannedAt: null },
): QrCodeEntity | DynamicQrCodeEntity {
  const code = state.code;
  const style = code.style;
  const common = {
    id: code.qrId,
    clientId: state.tenantId ?? 1,
    userId: code.userId,
    name: state.name,
    tags: state.tags,
    qrType: code.qrType,
    qrData: code.fields,
    platform: typeof code.fields.platform === 'string' ? code.fields.platform : null,
    fgColor: style.fgColor,
    bgColor: style.bgColor,
    gradientColor: style.gradientColor,
    qrStyle: style.qrStyle,
    dotShape: style.dotShape,
    cornerShape: style.cornerShape,
    innerCornerShape: style.innerCornerShape,
    outerCornerColor: style.outerCornerColor,
    innerCornerColor: style.innerCornerColor,
    errorCorrectionLevel: code.errorCorrectionLevel,
    logoFilePath: code.logoFilePath,
    logoFileName: code.logoFileName,
    enableFrame: style.enableFrame,
    frameText: style.frameText,
    frameColor: style.frameColor,
    frameTextColor: style.frameTextColor,
    frameStyle: style.frameStyle,
    isPaused: state.paused,
    pausedAt: date(state.pausedAt),
    isDeleted: state.deleted,
    deletedAt: state.deleted ? date(state.updatedAt) : null,
    createdAt: date(state.createdAt) ?? new Date(),
    updatedAt: date(state.updatedAt) ?? new Date(),
    version,
  };
  if (code.mode === 'dynamic') {
    const row: DynamicQrCodeEntity = {
      ...common,
      shortCode: code.shortCode ?? '',
      destination: code.destination ?? '',
      hasPassword: state.passwordHash !== null,
      isSuspended: state.suspensionReason !== null,
      suspensionReason: state.suspensionReason,
      ...scans,
    };
    return row;
  }
  const columns = Object.fromEntries(
    Object.entries(staticColumns(code.qrType, code.fields)).map(([column, value]) => [camel(column), value]),
  );
  const row = {
    ...common,
    ...columns,
    qrMode: 'static',
    locationLatitude: decimal7(columns.locationLatitude),
    locationLongitude: decimal7(columns.locationLongitude),
  } as QrCodeEntity;
  return row;
}

/** The answer about a code: its DTO, or that it is gone. */
export function codeDto(row: QrCodeEntity | DynamicQrCodeEntity, origin: string): CodeDto | DeletedCodeDto {
  if (row.isDeleted) return { id: row.id, deleted: true };
  return 'shortCode' in row ? dynamicDto(row, origin) : staticDto(row, origin);
}
