import { BATCH_MESSAGES, batchContentFields, batchRowToBody, csvRecords, parseCsv, parseTags } from './batch-rows';

describe('batch rows (issue 35): the CSV and the row shape the batch creator and the server share', () => {
  it('reads RFC 4180 CSV: quotes, doubled quotes, commas and line breaks inside quotes, CRLF, a BOM, blank lines', () => {
    expect(parseCsv('\uFEFFa,b\r\n"x, y","say ""hi"""\n\n"two\nlines",\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['two\nlines', ''],
    ]);
    expect(() => parseCsv('a\n"open')).toThrow(BATCH_MESSAGES.badCsv);
  });

  it('keys records by the header (trimmed) and leaves empty cells out; no header is refused', () => {
    expect(csvRecords(' qrType , url,style.foregroundColor\nurl,https://a.example,\n')).toEqual([
      { qrType: 'url', url: 'https://a.example' },
    ]);
    expect(() => csvRecords('')).toThrow(BATCH_MESSAGES.noHeader);
  });

  it('turns a row into the create body: name is the code name, dynamic the mode, style.* and style{} the style', () => {
    const shaped = batchRowToBody({
      qrType: 'url',
      name: ' Table 1 ',
      url: 'https://menu.example',
      dynamic: 'yes',
      'style.foregroundColor': '#112233',
      style: { dotShape: 'circle' },
      tags: 'tables; Tables ;menu',
    });
    expect(shaped).toEqual({
      body: {
        qrType: 'url',
        qrMode: 'dynamic',
        codeName: 'Table 1',
        url: 'https://menu.example',
        foregroundColor: '#112233',
        dotShape: 'circle',
      },
      tags: ['tables', 'menu'],
    });
    if ('body' in shaped) expect(batchContentFields(shaped.body)).toEqual({ url: 'https://menu.example' });
    expect(batchRowToBody({ dynamic: 'maybe' })).toEqual({ field: 'dynamic', message: BATCH_MESSAGES.dynamic });
    expect(batchRowToBody({ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) })).toEqual({
      field: 'tags',
      message: BATCH_MESSAGES.tags,
    });
    expect(batchRowToBody('row')).toEqual({ field: null, message: BATCH_MESSAGES.rowShape });
    expect(parseTags(['a', 'A', ' b '])).toEqual(['a', 'b']);
  });
});
