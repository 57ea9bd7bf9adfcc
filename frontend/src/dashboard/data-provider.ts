// The dashboard's one data provider: ra-data-simple-rest over GET /api/dashboard/codes (list, one code) and the
// spec's own calls for every change (core spec section 7): DELETE /api/qrcodes/{id} or /api/dynamic-qrcodes/{id},
// PUT for the destination, the name and the editor's content and style, POST .../pause and .../resume. Changes carry
// If-Match with the version the card or the editor showed, so a stale edit is refused (412) instead of overwriting
// someone else's.
import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, DeleteParams, DeleteResult, RaRecord } from 'react-admin';
import { apiJson, apiRequest, newIdempotencyKey } from '../api/http';
import { raHttpClient } from '../api/ra-http';
import { copyForm as copyDraftForm, editForm, type CodeDraft, type Encode } from './codes/code-edit';
import type { ApiAnswer } from '../api/types';
import type { DashboardCode } from './dashboard-code';

export type { DashboardCode } from './dashboard-code';

export const CODES = 'codes';

const rest = simpleRestProvider('/api/dashboard', raHttpClient);

/** The spec's path of one code: static and dynamic codes live under different routes. */
export const codePath = (code: Pick<DashboardCode, 'id' | 'qrMode'>) =>
  code.qrMode === 'dynamic' ? `/api/dynamic-qrcodes/${code.id}` : `/api/qrcodes/${code.id}`;

const ifMatch = (code: Pick<DashboardCode, 'version'>) => ({ 'If-Match': `"${code.version}"` });

/** The fields a copy of `code` is created with (content, style, error correction); the logo travels as a file. */
function copyForm(code: DashboardCode, name: string, logo: Blob | null): FormData {
  const form = new FormData();
  const fields: Record<string, unknown> = {
    codeName: name,
    qrType: code.qrType,
    qrData: JSON.stringify(code.qrData),
    fgColor: code.fgColor,
    bgColor: code.bgColor,
    gradientColor: code.gradientColor,
    dotShape: code.dotShape,
    cornerShape: code.cornerShape,
    innerCornerShape: code.innerCornerShape,
    outerCornerColor: code.outerCornerColor,
    innerCornerColor: code.innerCornerColor,
    errorCorrectionLevel: code.errorCorrectionLevel,
    enableFrame: code.enableFrame,
    frameText: code.frameText,
    frameColor: code.frameColor,
    frameTextColor: code.frameTextColor,
    frameStyle: code.frameStyle,
    ...(code.qrMode === 'dynamic' && code.destination ? { destination: code.destination } : {}),
  };
  for (const [key, value] of Object.entries(fields)) if (value !== null && value !== undefined) form.append(key, String(value));
  if (logo) form.append('logoFile', logo, code.logoFileName ?? 'logo.png');
  return form;
}

/** Issue 35: what POST /api/dashboard/codes/bulk and the tag changes across codes answer, one result per code. */
export type BulkAction = 'pause' | 'resume' | 'delete' | 'tag' | 'untag';
export type CodeResult = ApiAnswer<'/api/dashboard/codes/bulk', 'post'>['results'][number];
export type OwnerTag = ApiAnswer<'/api/dashboard/tags'>[number];
export const OWNER_TAGS_KEY = ['/api/dashboard/tags'] as const;

export interface DashboardDataProvider extends DataProvider {
  pause(code: DashboardCode): Promise<DashboardCode>;
  resume(code: DashboardCode): Promise<DashboardCode>;
  rename(code: DashboardCode, name: string): Promise<DashboardCode>;
  editDestination(code: DashboardCode, destination: string): Promise<DashboardCode>;
  /** A new code with the same content and style (a new short code for dynamic ones), named 'Copy of ...'. */
  duplicate(code: DashboardCode, name: string): Promise<DashboardCode>;
  /** The editor's save (issue 30 item 3): content (dynamic codes), style, logo and name in one PUT, with If-Match. */
  edit(code: DashboardCode, draft: CodeDraft): Promise<DashboardCode>;
  /** 'Duplicate and edit': a new code from the editor's draft (a dynamic one gets its own short link). */
  duplicateEdited(code: DashboardCode, draft: CodeDraft, encode: Encode): Promise<DashboardCode>;
  /** One action on many codes (issue 35): every code is tried, each has its result. */
  bulk(ids: readonly string[], action: BulkAction, tag?: string): Promise<CodeResult[]>;
  /** The edit page's tag editor: the code's whole list of tags, with If-Match. */
  setTags(code: DashboardCode, tags: readonly string[]): Promise<DashboardCode>;
}

const savedLogo = async (code: DashboardCode): Promise<Blob | null> =>
  code.logoFilePath ? apiRequest('GET', code.logoFilePath).then((response) => response.blob()) : null;
const createPath = (code: DashboardCode) => (code.qrMode === 'dynamic' ? '/api/dynamic-qrcodes' : '/api/qrcodes');

export const dataProvider: DashboardDataProvider = {
  ...rest,
  delete: async <RecordType extends RaRecord = RaRecord>(_resource: string, params: DeleteParams<RecordType>) => {
    const code = params.previousData as unknown as DashboardCode;
    await apiJson('DELETE', codePath(code));
    return { data: params.previousData } as DeleteResult<RecordType>;
  },
  pause: (code) => apiJson<DashboardCode>('POST', `${codePath(code)}/pause`),
  resume: (code) => apiJson<DashboardCode>('POST', `${codePath(code)}/resume`),
  rename: (code, name) => apiJson<DashboardCode>('PUT', codePath(code), { name }, ifMatch(code)),
  editDestination: (code, destination) => apiJson<DashboardCode>('PUT', codePath(code), { destination }, ifMatch(code)),
  duplicate: async (code, name) => {
    const logo = await savedLogo(code);
    // One request: the copy and its name are recorded together (a failure leaves no unnamed copy behind).
    return apiJson<DashboardCode>('POST', createPath(code), copyForm(code, name, logo), { 'Idempotency-Key': newIdempotencyKey() });
  },
  edit: (code, draft) => apiJson<DashboardCode>('PUT', codePath(code), editForm(code, draft), ifMatch(code)),
  bulk: async (ids, action, tag) =>
    (await apiJson<{ results: CodeResult[] }>('POST', '/api/dashboard/codes/bulk', { ids, action, ...(tag ? { tag } : {}) })).results,
  setTags: (code, tags) => apiJson<DashboardCode>('PUT', `/api/dashboard/codes/${code.id}/tags`, { tags }, ifMatch(code)),
  duplicateEdited: async (code, draft, encode) => {
    const logo = draft.logo === 'keep' ? await savedLogo(code) : null;
    return apiJson<DashboardCode>('POST', createPath(code), copyDraftForm(code, draft, logo, encode), {
      'Idempotency-Key': newIdempotencyKey(),
    });
  },
};
