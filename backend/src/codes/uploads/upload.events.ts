import { eventCatalogue } from '../../event-store/typed-events';
import { personalData } from '../../event-store/personal-data/personal-data-registry';

/** Uploaded files (pdf pages, image galleries, logos), on stream `upload-{uploadId}`. */
export type UploadKind = 'pdf' | 'image' | 'logo';

export interface FileUploaded {
  uploadId: string;
  userId: string;
  kind: UploadKind;
  /** `{uploadId}.{ext}`: random, chosen by the server; the client's name is kept only as originalName. */
  storedName: string;
  originalName: string;
  mimeType: string;
  sizeBytes: number;
  title: string | null;
  description: string | null;
}

export interface UploadEvents {
  FileUploaded: FileUploaded;
}
export const UPLOAD_EVENTS = eventCatalogue<UploadEvents>({ FileUploaded: true });
export const UPLOAD_EVENT_TYPES = UPLOAD_EVENTS.types;
export const uploadStream = (uploadId: string) => `upload-${uploadId}`;
/** Public path of a stored file. */
export const uploadPath = (storedName: string) => `/uploads/${storedName}`;

/** Personal data (issue 32 item 1): the uploader's file name, title and description, sealed with `user:{userId}`. */
personalData.register<FileUploaded>('FileUploaded', {
  subject: (data) => `user:${data.userId}`,
  fields: { originalName: '[erased]', title: null, description: null },
});
