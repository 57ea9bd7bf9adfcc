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

/** CSV: the first column of each non-empty line; anything else is used as-is. */
export function readBulkFile(name: string, text: string): string {
  if (!name.toLowerCase().endsWith('.csv')) return text;
  return text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const first = line.startsWith('"') ? (/^"((?:[^"]|"")*)"/.exec(line)?.[1] ?? '').replace(/""/g, '"') : line.split(',')[0];
      return first.trim();
    })
    .join('\n');
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
