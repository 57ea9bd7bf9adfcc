import { randomBytes } from 'node:crypto';
import type { HttpResponse, TestClient } from '../test-support/http';

export interface FilePart {
  name: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body as a browser's FormData would send it. */
export function multipart(
  fields: Record<string, string | number | boolean | null | undefined>,
  files: FilePart[] = [],
): { body: Buffer; headers: Record<string, string> } {
  const boundary = `----qrs${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ` +
          `${file.contentType}\r\n\r\n`,
      ),
    );
    chunks.push(file.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The fields the generator's form sends for a dynamic web code to `destination` (its default style), plus `extra`. */
export const dynamicForm = (destination: string, extra: Record<string, string> = {}) => ({
  destination,
  qrType: 'url',
  qrData: JSON.stringify({ url: destination }),
  fgColor: '#000000',
  bgColor: '#FFFFFF',
  qrStyle: 'squares',
  errorCorrectionLevel: 'M',
  dotShape: 'square',
  cornerShape: 'square',
  innerCornerShape: 'square',
  ...extra,
});

export function postMultipart(
  client: TestClient,
  path: string,
  fields: Record<string, string | number | boolean | null | undefined>,
  files: FilePart[] = [],
  method = 'POST',
  extraHeaders: Record<string, string> = {},
): Promise<HttpResponse> {
  const { body, headers } = multipart(fields, files);
  return client.request(method, path, { body, headers: { ...headers, ...extraHeaders } });
}

/** Smallest valid files of each kind. */
export const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
export const PDF_MINI = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
export const SVG_LOGO = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="10" fill="#E1306C"/></svg>',
);
export const SVG_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><script>alert(document.cookie)</script><circle cx="12" cy="12" ' +
    'r="10"/></svg>',
);
