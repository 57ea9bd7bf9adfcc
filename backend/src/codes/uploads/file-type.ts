/** What a file is, from its first bytes: never from its name or the Content-Type the client claimed. */
export interface Sniffed {
  mime: 'application/pdf' | 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'image/svg+xml';
  ext: 'pdf' | 'png' | 'jpg' | 'gif' | 'webp' | 'svg';
}

const startsWith = (buf: Buffer, bytes: number[], offset = 0) => buf.length >= offset + bytes.length && bytes.every((b, i) => buf[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

export function sniff(buf: Buffer): Sniffed | null {
  if (startsWith(buf, ascii('%PDF-'))) return { mime: 'application/pdf', ext: 'pdf' };
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mime: 'image/png', ext: 'png' };
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg' };
  if (startsWith(buf, ascii('GIF87a')) || startsWith(buf, ascii('GIF89a'))) return { mime: 'image/gif', ext: 'gif' };
  if (startsWith(buf, ascii('RIFF')) && startsWith(buf, ascii('WEBP'), 8)) return { mime: 'image/webp', ext: 'webp' };
  if (looksLikeSvg(buf)) return { mime: 'image/svg+xml', ext: 'svg' };
  return null;
}

function looksLikeSvg(buf: Buffer): boolean {
  let head = buf.subarray(0, 4096).toString('utf8').replace(/^\uFEFF/, '');
  // Skip the XML declaration, comments and a doctype before the root element.
  for (;;) {
    const trimmed = head.trimStart();
    const skip = /^(<\?xml[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)/i.exec(trimmed);
    if (!skip) {
      head = trimmed;
      break;
    }
    head = trimmed.slice(skip[0].length);
  }
  return /^<svg[\s>]/i.test(head);
}

/**
 * Why an SVG may not be used as a logo, or null. We rasterise accepted SVGs to PNG anyway (no SVG is ever stored or
 * served), but refuse active content outright so the user learns their file was not what it claimed to be.
 */
export function svgRefusal(text: string): string | null {
  const rules: [RegExp, string][] = [
    [/<script[\s>/]/i, 'scripts'],
    [/\son[a-z]+\s*=/i, 'event handlers'],
    [/javascript:|vbscript:/i, 'script links'],
    [/<foreignObject[\s>/]/i, 'embedded HTML'],
    [/<(iframe|embed|object|audio|video)[\s>/]/i, 'embedded content'],
    [/<!(DOCTYPE|ENTITY)/i, 'entity declarations'],
    [/(?:xlink:)?href\s*=\s*["']\s*(?!#|data:image\/(?:png|jpeg|gif|webp);base64,)/i, 'external references'],
    [/@import|url\(\s*["']?\s*(?!#)/i, 'external references'],
  ];
  for (const [pattern, what] of rules) if (pattern.test(text)) return `SVG logos with ${what} are not allowed`;
  return null;
}

/** The client's file name, for display and Content-Disposition only: base name, no control or path characters. */
export function displayName(raw: string | undefined, fallback: string): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '').replace(/^\.+/, '').trim().slice(0, 200);
  return clean || fallback;
}
