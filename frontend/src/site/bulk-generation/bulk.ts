import { apiJson } from '../../api/http';

export const BULK_BATCH_SIZE = 10;

export type BulkType = 'url' | 'text';

export interface BulkItem {
  id: number;
  data: string;
  status: 'success' | 'error';
  qrCode?: string;
  error?: string;
}

/** First cells that name a column rather than hold data ('URL', 'Website', 'Text', 'qr_data' ...). */
const HEADER_NAMES = new Set([
  'url',
  'urls',
  'link',
  'links',
  'website',
  'websites',
  'webaddress',
  'address',
  'text',
  'texts',
  'data',
  'content',
  'value',
  'values',
  'qr',
  'qrcode',
  'qrdata',
  'qrcontent',
  'name',
  'title',
  'destination',
  'target',
]);

const isWebAddress = (value: string) => /^https?:\/\/\S+$/i.test(value);

/**
 * Whether the CSV's first row is a header: its first cell is a column name, or it is the only cell that is not a
 * web address in a column of web addresses.
 */
export function isHeaderRow(cells: readonly string[]): boolean {
  if (cells.length < 2) return false;
  const [first, ...rest] = cells;
  if (HEADER_NAMES.has(first.toLowerCase().replace(/[^a-z]/g, ''))) return true;
  return !isWebAddress(first) && rest.every(isWebAddress);
}

/** A CSV file's first column, one cell per non-empty line, and the header row when one was detected. */
export function readCsvColumn(text: string): { cells: string[]; header: string | null } {
  const cells = text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const first = line.startsWith('"') ? (/^"((?:[^"]|"")*)"/.exec(line)?.[1] ?? '').replace(/""/g, '"') : line.split(',')[0];
      return first.trim();
    });
  if (isHeaderRow(cells)) return { cells: cells.slice(1), header: cells[0] };
  return { cells, header: null };
}

/**
 * CSV: the first column of each non-empty line, without a header row (detected by isHeaderRow); anything else is
 * used as-is. `header` is the skipped row, so the page can say so.
 */
export function readBulkFile(name: string, text: string): { text: string; header: string | null } {
  if (!name.toLowerCase().endsWith('.csv')) return { text, header: null };
  const { cells, header } = readCsvColumn(text);
  return { text: cells.join('\n'), header };
}

export const bulkLines = (input: string) =>
  input
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

export async function generateOne(id: number, data: string, qrType: BulkType, fgColor: string, bgColor: string): Promise<BulkItem> {
  try {
    const result = await apiJson<{ qrCode?: string }>('POST', '/api/bulk-generate-qrcode', {
      qrType,
      qrData: qrType === 'url' ? { url: data } : { data },
      fgColor,
      bgColor,
      data,
    });
    if (!result?.qrCode) return { id, data, status: 'error', error: 'Failed to generate QR code' };
    return { id, data, status: 'success', qrCode: result.qrCode };
  } catch (error) {
    const httpError = error instanceof Error && /^\d{3}: /.test(error.message);
    return { id, data, status: 'error', error: httpError ? 'Failed to generate QR code' : 'Network error' };
  }
}

export function downloadSvg(svg: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
