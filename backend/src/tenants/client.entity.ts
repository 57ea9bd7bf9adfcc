import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Read model of white-label clients (tenants); filled only by ClientsProjection. */
@Entity({ name: 'clients' })
export class ClientEntity {
  @PrimaryColumn({ type: 'integer' })
  id: number;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  @Column({ name: 'custom_domain', type: 'varchar', length: 255, nullable: true, unique: true })
  customDomain: string | null;

  @Column({ type: 'varchar', length: 63, nullable: true, unique: true })
  subdomain: string | null;

  @Column({ name: 'logo_url', type: 'text', nullable: true })
  logoUrl: string | null;

  @Column({ name: 'primary_color', type: 'varchar', length: 20, default: '#3B82F6' })
  primaryColor: string;

  @Column({ name: 'secondary_color', type: 'varchar', length: 20, default: '#1E40AF' })
  secondaryColor: string;

  @Column({ name: 'custom_favicon', type: 'text', nullable: true })
  customFavicon: string | null;

  @Column({ name: 'remove_qr_code_sharks_branding', type: 'boolean', default: false })
  removeQRCodeSharksBranding: boolean;

  @Column({ name: 'custom_css', type: 'text', nullable: true })
  customCSS: string | null;

  @Column({ name: 'api_key', type: 'varchar', length: 64, unique: true })
  apiKey: string;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive: boolean;

  @Column({ name: 'is_deleted', type: 'boolean', default: false })
  isDeleted: boolean;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
