import { batchJsonLimit } from './batch-body';

/** Issue 35: POST /api/batches's own JSON bound holds the largest batch the settings allow, and no more than it needs. */
describe('batchJsonLimit', () => {
  it('takes 5,000 full rows (every style field, 20 tags, a long address) at the default settings, under 8 MB', () => {
    const limit = batchJsonLimit({ BATCH_MAX_ROWS: 5000, BATCH_MAX_CSV_BYTES: 5 * 1024 * 1024 });
    const row = (i: number) => ({
      qrType: 'url',
      name: `Table ${i} of the garden terrace, north side`,
      dynamic: true,
      url: `https://restaurant.example/menu/today?table=${i}&utm_source=print&utm_medium=qr&utm_campaign=spring-${i}`,
      tags: Array.from({ length: 20 }, (_, t) => `tag-${t}`),
      style: {
        foregroundColor: '#1a237e',
        backgroundColor: '#ffffff',
        gradientColor: '#880e4f',
        dotShape: 'rounded',
        cornerShape: 'rounded',
        innerCornerShape: 'circle',
        outerCornerColor: '#000000',
        innerCornerColor: '#000000',
        enableFrame: true,
        frameText: 'SCAN FOR THE MENU',
        frameColor: '#1a237e',
        frameTextColor: '#ffffff',
        frameStyle: 'rounded',
      },
    });
    const body = JSON.stringify({ name: 'Spring menus', rows: Array.from({ length: 5000 }, (_, i) => row(i + 1)) });
    expect(body.length).toBeGreaterThan(100 * 1024);
    expect(body.length).toBeLessThan(limit);
    expect(limit).toBeLessThan(8 * 1024 * 1024);
  });
});
