// CSV exports of the staff console (audit log, newsletter subscribers).

/** RFC 4180 CSV, with cells that a spreadsheet would run as a formula prefixed by a quote (CSV injection). */
export function toCsv(rows: Record<string, unknown>[], columns: string[]): string {
  const cell = (value: unknown): string => {
    let text = value instanceof Date ? value.toISOString() : value === null || value === undefined ? '' : String(value);
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [columns.join(','), ...rows.map((row) => columns.map((column) => cell(row[column])).join(','))].join('\r\n') + '\r\n';
}
