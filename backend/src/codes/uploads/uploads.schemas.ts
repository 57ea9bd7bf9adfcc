import { z } from 'zod';
import { text } from '../../common/input';

/** POST /api/upload-pdf: the file is the multipart part `pdfFile`; these are the page's title and description. */
export const uploadPdfSchema = z.object({
  pdfTitle: text({ label: 'Title', max: 1000 }).nullable().optional(),
  pdfDescription: text({ label: 'Description', max: 10_000, multiline: true }).nullable().optional(),
});
export type UploadPdfBody = z.output<typeof uploadPdfSchema>;

/** POST /api/upload-image: the file is the multipart part `imageFile`. */
export const uploadImageSchema = z.object({
  imageTitle: text({ label: 'Title', max: 1000 }).nullable().optional(),
  imageDescription: text({ label: 'Description', max: 10_000, multiline: true }).nullable().optional(),
});
export type UploadImageBody = z.output<typeof uploadImageSchema>;
