// Batches (issue 35): the rows of a CSV or a JSON batch, as the dashboard's batch creator previews them and the server
// creates them. One place for the shape of a row (which column is what), the CSV reading and the rules a row is held
// to before the code rules (content per type, style) that both sides apply through qr-core's schemas.

/** The most rows one batch takes when no setting says otherwise (the server's BATCH_MAX_ROWS). */
export const BATCH_MAX_ROWS_DEFAULT = 5000;
/** A code's tags: at most this many (issue 35). */
export const BATCH_MAX_TAGS = 20;

export const BATCH_MESSAGES = {
  noRows: 'The batch has no rows',
  tooManyRows: (max: number) => `A batch takes at most ${max} rows`,
  badCsv: 'The CSV could not be read: a quoted value is not closed',
  noHeader: 'The CSV needs a header row naming its columns (qrType, name, url, ...)',
  tags: `tags must be at most ${BATCH_MAX_TAGS} words of at most 50 characters`,
  dynamic: 'dynamic must be true or false',
  rowShape: 'Each row must be an object of fields',
} as const;

/** One problem with one row: rows count from 1 (a CSV's header row is not counted). */
export interface BatchRowError {
  row: number;
  field: string | null;
  message: string;
}

/** A row as the create call takes it (the codes routes' body): content flat, style flat, the code's name as codeName. */
export interface BatchCodeBody {
  qrType?: string;
  qrMode: 'static' | 'dynamic';
  codeName?: string;
  [field: string]: unknown;
}

/**
 * RFC 4180 CSV: comma-separated, "quoted" values with "" for a quote, CRLF or LF line ends; blank lines are skipped.
 * Throws Error(BATCH_MESSAGES.badCsv) on an unclosed quote.
 */
export function parseCsv(text: string): string[][] {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const lines: string[][] = [];
  let line: string[] = [];
  let value = '';
  let quoted = false;
  let i = 0;
  const endLine = () => {
    line.push(value);
    value = '';
    if (line.length > 1 || line[0] !== '') lines.push(line);
    line = [];
  };
  while (i < source.length) {
    const ch = source[i];
    if (quoted) {
      if (ch === '"' && source[i + 1] === '"') {
        value += '"';
        i += 2;
        continue;
      }
      if (ch === '"') quoted = false;
      else value += ch;
      i++;
      continue;
    }
    if (ch === '"' && value === '') quoted = true;
    else if (ch === ',') {
      line.push(value);
      value = '';
    } else if (ch === '\n' || ch === '\r') {
      endLine();
      if (ch === '\r' && source[i + 1] === '\n') i++;
    } else value += ch;
    i++;
  }
  if (quoted) throw new Error(BATCH_MESSAGES.badCsv);
  if (value !== '' || line.length) endLine();
  return lines;
}

/** A CSV's rows as records keyed by the header row's names (trimmed); empty cells are left out. */
export function csvRecords(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  if (!header || !header.some((name) => name.trim())) throw new Error(BATCH_MESSAGES.noHeader);
  const names = header.map((name) => name.trim());
  return rows.map((cells) => {
    const record: Record<string, string> = {};
    names.forEach((name, index) => {
      const cell = cells[index];
      if (name && cell !== undefined && cell !== '') record[name] = cell;
    });
    return record;
  });
}

const TRUE = new Set(['true', '1', 'yes', 'y']);
const FALSE = new Set(['false', '0', 'no', 'n', '']);

function parseDynamic(value: unknown): boolean | null {
  if (value === undefined || value === null || typeof value === 'boolean') return value ?? false;
  if (typeof value !== 'string') return null;
  const lowered = value.trim().toLowerCase();
  return TRUE.has(lowered) ? true : FALSE.has(lowered) ? false : null;
}

/** Tags from a JSON array or a CSV cell ("a; b" or "a|b"): trimmed, blank dropped, the same tag once (any case). */
export function parseTags(value: unknown): string[] | null {
  if (value === undefined || value === null || value === '') return [];
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[;|]/) : null;
  if (!list || list.some((tag) => typeof tag !== 'string')) return null;
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const tag of list as string[]) {
    const trimmed = tag.trim();
    if (!trimmed || seen.has(trimmed.toLowerCase())) continue;
    if (trimmed.length > 50) return null;
    seen.add(trimmed.toLowerCase());
    tags.push(trimmed);
  }
  return tags.length > BATCH_MAX_TAGS ? null : tags;
}

/**
 * A batch row (a JSON row or a CSV record) to the create call's body and its tags, or the row's own problem (dynamic,
 * tags). `style` may be an object (JSON) or `style.<field>` columns (CSV); `name` is the code's name.
 */
export function batchRowToBody(row: unknown): { body: BatchCodeBody; tags: string[] } | { field: string | null; message: string } {
  if (!row || typeof row !== 'object' || Array.isArray(row)) return { field: null, message: BATCH_MESSAGES.rowShape };
  const { style, name, tags: rawTags, dynamic: rawDynamic, ...rest } = row as Record<string, unknown>;
  const dynamic = parseDynamic(rawDynamic);
  if (dynamic === null) return { field: 'dynamic', message: BATCH_MESSAGES.dynamic };
  const tags = parseTags(rawTags);
  if (!tags) return { field: 'tags', message: BATCH_MESSAGES.tags };
  const body: BatchCodeBody = { qrMode: dynamic ? 'dynamic' : 'static' };
  for (const [key, value] of Object.entries(rest)) {
    if (key.startsWith('style.')) body[key.slice(6)] = value;
    else if (key !== 'qrMode' && key !== 'codeName') body[key] = value;
  }
  if (style && typeof style === 'object' && !Array.isArray(style)) Object.assign(body, style);
  if (typeof name === 'string' && name.trim()) body.codeName = name.trim();
  return { body, tags };
}

/** The content fields of a body (what the type's schema is given): the body less the create call's own fields. */
export const BATCH_BODY_FIELDS = [
  'qrType',
  'qrMode',
  'codeName',
  'errorCorrectionLevel',
  'fgColor',
  'bgColor',
  'foregroundColor',
  'backgroundColor',
  'gradientColor',
  'qrStyle',
  'dotShape',
  'cornerShape',
  'innerCornerShape',
  'outerCornerColor',
  'innerCornerColor',
  'enableFrame',
  'frameText',
  'frameColor',
  'frameTextColor',
  'frameStyle',
  'destination',
  'customShortCode',
] as const;

export function batchContentFields(body: BatchCodeBody): Record<string, unknown> {
  const fields: Record<string, unknown> = { ...body };
  for (const key of BATCH_BODY_FIELDS) delete fields[key];
  return fields;
}
