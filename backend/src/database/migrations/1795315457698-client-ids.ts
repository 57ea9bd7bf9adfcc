import { MigrationInterface, QueryRunner } from 'typeorm';

/** Client ids are allocated by the create command, before the ClientCreated event exists (id 1 is the default brand). */
export class ClientIds1795315457698 implements MigrationInterface {
  name = 'ClientIds1795315457698';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE SEQUENCE client_ids START WITH 2');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP SEQUENCE client_ids');
  }
}
