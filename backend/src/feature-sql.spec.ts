import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { runScript, scratchFolders } from './test-support/lint-scripts';

/** scripts/check-feature-sql.mjs, the data-ownership check `npm run lint` runs (issue 29, item 1). */
const check = (args: string[] = []) => runScript('check-feature-sql.mjs', args);
const scratch = scratchFolders('feature-sql-');
const tree = scratch.tree;

const ENTITY_USERS = "import { Entity } from 'typeorm';\n@Entity({ name: 'users' })\nexport class User {}\n";
const PROJECTION_CODES =
  "const TABLES = ['qr_codes', 'dynamic_qr_codes'] as const;\n" +
  "export class CodesProjection {\n  readonly tables = [...TABLES, 'code_counts'];\n" +
  '  q = `UPDATE dynamic_qr_codes SET x = 1 WHERE id = ${1}`;\n}\n';

describe('cross-feature SQL (scripts/check-feature-sql.mjs)', () => {
  it("the product's backend/src names no other feature's table beyond the listed exceptions", async () => {
    const run = await check();
    expect(run.out).toContain('No cross-feature SQL');
    expect(run.code).toBe(0);
  });

  it('passes a tree where each feature queries only the tables it declares (entities, projection tables, @ownsTables)', async () => {
    const root = tree({
      'accounts/user.entity.ts': ENTITY_USERS,
      'accounts/users.query.ts': "export const q = 'SELECT id FROM users WHERE email = $1';\n",
      'codes/codes.projection.ts': PROJECTION_CODES,
      'codes/codes.query.ts': "export const q = 'SELECT c.id FROM qr_codes c JOIN code_counts n ON n.id = c.id';\n",
      'event-store/store.ts': '/** @ownsTables events, event_streams */\nexport const q = `SELECT count(*) FROM events`;\n',
      // Migrations create every table; prose that only mentions a table is no SQL.
      'database/migrations/1-init.ts': "export const up = 'CREATE TABLE users (id int); CREATE TABLE qr_codes (id int)';\n",
      'campaigns/notes.ts': "export const text = 'Pick users from the list';\n",
    });
    const run = await check(['--root', root]);
    expect(run.out).toContain('No cross-feature SQL: 6 tables');
    expect(run.code).toBe(0);
  });

  it('fails a planted SQL string that names another feature’s tables, with file:line and the owner', async () => {
    const root = tree({
      'accounts/user.entity.ts': ENTITY_USERS,
      'codes/codes.projection.ts': PROJECTION_CODES,
      'event-store/store.ts': '/** @ownsTables events */\nexport const n = 1;\n',
      'campaigns/audience.ts':
        'export const a = 1;\n' +
        'export const q = `SELECT u.email FROM users u\n  JOIN dynamic_qr_codes d ON d.owner = u.id WHERE d.id > ${a}`;\n' +
        "export const count = 'SELECT count(*) FROM public.events';\n",
    });
    const run = await check(['--root', root]);
    expect(run.code).toBe(1);
    expect(run.out).toContain('campaigns/audience.ts:2: SQL names table users, owned by accounts/');
    expect(run.out).toContain('campaigns/audience.ts:2: SQL names table dynamic_qr_codes, owned by codes/');
    expect(run.out).toContain('campaigns/audience.ts:4: SQL names table events, owned by event-store/');
  });

  it('lets a listed exception through, and fails one that is no longer needed', async () => {
    const root = tree({
      'accounts/user.entity.ts': ENTITY_USERS,
      'campaigns/audience.ts': "export const q = 'SELECT email FROM users';\n",
    });
    const exceptions = join(scratch.dir, 'exceptions.json');
    writeFileSync(exceptions, JSON.stringify({ exceptions: { 'campaigns/audience.ts': ['users'] } }));
    expect(await check(['--root', root, '--exceptions', exceptions])).toMatchObject({ code: 0 });
    writeFileSync(join(root, 'campaigns/audience.ts'), 'export const q = 1;\n');
    const stale = await check(['--root', root, '--exceptions', exceptions]);
    expect(stale.code).toBe(1);
    expect(stale.out).toContain('exception campaigns/audience.ts -> users is no longer needed');
  });

  it('fails a table that two features declare', async () => {
    const root = tree({
      'accounts/user.entity.ts': ENTITY_USERS,
      'staff/user.entity.ts': ENTITY_USERS,
    });
    const run = await check(['--root', root]);
    expect(run.code).toBe(1);
    expect(run.out).toContain('table users is declared by two features: accounts and staff');
  });
});
