import {
  BATCH_MAX_ROWS_DEFAULT,
  BATCH_MESSAGES,
  batchContentFields,
  batchRowToBody,
  csvRecords,
  isQrType,
  loadValidation,
} from '@qrsharks/qr-core/browser';
import { send, throwIfNotOk } from '../../api/http';

/** One row of the preview: what it makes, and its first problem by the rules the server applies (qr-core's). */
export interface PreviewRow {
  row: number;
  qrType: string;
  name: string;
  content: string;
  dynamic: boolean;
  error: { field: string | null; message: string } | null;
}

export interface Preview {
  rows: PreviewRow[];
  /** A problem with the whole CSV (no header, an unclosed quote, too many rows), else null. */
  problem: string | null;
}

/**
 * The batch creator's preview: the CSV read as the server reads it (qr-core's csvRecords, header row not counted), each
 * row shaped as the server shapes it (batchRowToBody) and its content checked with the type's schema (validateContent):
 * the rules and messages live once, in qr-core. Style values are checked by the server (they show in the batch's
 * failures).
 */
export async function previewCsv(text: string, maxRows = BATCH_MAX_ROWS_DEFAULT): Promise<Preview> {
  if (!text.trim()) return { rows: [], problem: null };
  let records: Record<string, string>[];
  try {
    records = csvRecords(text);
  } catch (error) {
    return { rows: [], problem: (error as Error).message };
  }
  if (records.length > maxRows) return { rows: [], problem: BATCH_MESSAGES.tooManyRows(maxRows) };
  const validateContent = await loadValidation();
  const rows = records.map((record, index): PreviewRow => {
    const row = index + 1;
    const base = { row, qrType: record.qrType ?? 'url', name: record.name ?? '', content: '', dynamic: false };
    const shaped = batchRowToBody(record);
    if ('message' in shaped) return { ...base, error: { field: shaped.field, message: shaped.message } };
    const fields = batchContentFields(shaped.body);
    const content = Object.values(fields).map(String).join(' · ');
    const summary = { ...base, content, dynamic: shaped.body.qrMode === 'dynamic' };
    const qrType = shaped.body.qrType || 'url';
    if (!isQrType(qrType)) return { ...summary, error: { field: 'qrType', message: 'Please choose a QR code type from the list' } };
    const verdict = validateContent(qrType, fields);
    if (!verdict.ok) {
      const [field, message] = Object.entries(verdict.errors)[0] ?? [null, 'Invalid row'];
      return { ...summary, error: { field: field === '_' ? null : field, message } };
    }
    return { ...summary, error: null };
  });
  return { rows, problem: rows.length ? null : BATCH_MESSAGES.noRows };
}

/** POST /api/batches with the CSV as a file: the batch's id (the worker makes the codes). */
export async function createBatch(name: string, csv: string): Promise<string> {
  const form = new FormData();
  form.append('name', name);
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'batch.csv');
  const response = await send('POST', '/api/batches', { payload: form });
  await throwIfNotOk(response);
  return ((await response.json()) as { id: string }).id;
}

export const SAMPLE_CSV = [
  'qrType,name,url,text,dynamic,style.foregroundColor',
  'url,Table 1,https://example.com/menu?table=1,,true,#1a237e',
  'url,Table 2,https://example.com/menu?table=2,,true,#1a237e',
  'text,Wi-Fi note,,Ask staff for the password,false,',
].join('\n');
