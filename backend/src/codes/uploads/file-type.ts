import { imageSize } from 'image-size';
import { sanitiseSvgLogo } from './svg-logo';

/** What a file is, from its first bytes: never from its name or the Content-Type the client claimed. */
export interface Sniffed {
  mime: 'application/pdf' | 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'image/svg+xml';
  ext: 'pdf' | 'png' | 'jpg' | 'gif' | 'webp' | 'svg';
}

const startsWith = (buf: Buffer, bytes: number[], offset = 0) =>
  buf.length >= offset + bytes.length && bytes.every((b, i) => buf[offset + i] === b);
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
  let head = buf
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
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

/** Why an SVG may not be used as a logo, or null: the allow-list of svg-logo.ts (parsed, not pattern-matched). */
export function svgRefusal(text: string): string | null {
  const logo = sanitiseSvgLogo(text);
  return logo.ok ? null : logo.refusal;
}

/**
 * Width and height from the image's header (PNG IHDR, JPEG SOF, GIF screen, WebP VP8/VP8L/VP8X), read without
 * decoding a pixel; null when the header cannot be read or names another format than the magic bytes did.
 */
export function imageDimensions(buf: Buffer, type: Sniffed): { width: number; height: number } | null {
  try {
    const size = imageSize(buf);
    const width = size.width ?? 0;
    const height = size.height ?? 0;
    return size.type === type.ext && width > 0 && height > 0 ? { width, height } : null;
  } catch {
    return null;
  }
}

/** The client's file name, for display and Content-Disposition only: base name, no control or path characters. */
export function displayName(raw: string | undefined, fallback: string): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base
    .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '')
    .replace(/^\.+/, '')
    .trim()
    .slice(0, 200);
  return clean || fallback;
}
