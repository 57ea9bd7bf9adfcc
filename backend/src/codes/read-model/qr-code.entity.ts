import { Column, Entity, Index } from 'typeorm';
import { CodeColumns } from './code-columns';

/** Read model of saved static codes (website spec, qr_codes); filled only by CodesProjection. */
@Entity({ name: 'qr_codes' })
@Index('idx_qr_codes_owner', ['clientId', 'userId', 'createdAt', 'id', 'isPaused', 'isDeleted'])
export class QrCodeEntity extends CodeColumns {
  @Column({ name: 'qr_mode', type: 'varchar', length: 10, default: 'static' })
  qrMode: 'static';

  @Column({ type: 'text', nullable: true }) url: string | null;
  @Column({ name: 'first_name', type: 'varchar', length: 255, nullable: true }) firstName: string | null;
  @Column({ name: 'last_name', type: 'varchar', length: 255, nullable: true }) lastName: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) email: string | null;
  @Column({ name: 'phone_number', type: 'varchar', length: 20, nullable: true }) phoneNumber: string | null;
  @Column({ type: 'text', nullable: true }) notes: string | null;
  @Column({ name: 'image_url', type: 'text', nullable: true }) imageUrl: string | null;
  @Column({ name: 'product_name', type: 'varchar', length: 100, nullable: true }) productName: string | null;
  /** Cents. */
  @Column({ name: 'product_price', type: 'integer', nullable: true }) productPrice: number | null;
  @Column({ name: 'product_description', type: 'text', nullable: true }) productDescription: string | null;
  @Column({ name: 'pdf_title', type: 'varchar', length: 255, nullable: true }) pdfTitle: string | null;
  @Column({ name: 'pdf_url', type: 'text', nullable: true }) pdfUrl: string | null;
  @Column({ name: 'pdf_file_path', type: 'text', nullable: true }) pdfFilePath: string | null;
  @Column({ name: 'pdf_file_name', type: 'varchar', length: 255, nullable: true }) pdfFileName: string | null;
  @Column({ name: 'pdf_description', type: 'text', nullable: true }) pdfDescription: string | null;
  @Column({ name: 'image_title', type: 'varchar', length: 255, nullable: true }) imageTitle: string | null;
  @Column({ name: 'image_description', type: 'text', nullable: true }) imageDescription: string | null;
  @Column({ name: 'image_file_path', type: 'text', nullable: true }) imageFilePath: string | null;
  @Column({ name: 'image_file_name', type: 'varchar', length: 255, nullable: true }) imageFileName: string | null;
  @Column({ name: 'business_name', type: 'varchar', length: 255, nullable: true }) businessName: string | null;
  @Column({ name: 'review_url', type: 'text', nullable: true }) reviewUrl: string | null;
  @Column({ name: 'app_name', type: 'varchar', length: 255, nullable: true }) appName: string | null;
  @Column({ name: 'app_description', type: 'text', nullable: true }) appDescription: string | null;
  @Column({ name: 'app_store_url', type: 'text', nullable: true }) appStoreUrl: string | null;
  @Column({ name: 'play_store_url', type: 'text', nullable: true }) playStoreUrl: string | null;
  @Column({ name: 'app_category', type: 'varchar', length: 50, nullable: true }) appCategory: string | null;
  @Column({ name: 'app_developer', type: 'varchar', length: 255, nullable: true }) appDeveloper: string | null;
  @Column({ name: 'email_recipient', type: 'varchar', length: 255, nullable: true }) emailRecipient: string | null;
  @Column({ name: 'email_subject', type: 'text', nullable: true }) emailSubject: string | null;
  @Column({ name: 'email_body', type: 'text', nullable: true }) emailBody: string | null;
  @Column({ name: 'location_address', type: 'text', nullable: true }) locationAddress: string | null;
  @Column({ name: 'location_latitude', type: 'decimal', precision: 10, scale: 7, nullable: true }) locationLatitude: string | null;
  @Column({ name: 'location_longitude', type: 'decimal', precision: 10, scale: 7, nullable: true }) locationLongitude: string | null;
  @Column({ name: 'location_name', type: 'varchar', length: 255, nullable: true }) locationName: string | null;
  @Column({ name: 'location_description', type: 'text', nullable: true }) locationDescription: string | null;
}
