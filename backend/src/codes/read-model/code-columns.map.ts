import { priceToCents } from '@qrsharks/qr-core';
import type { StoredStyle } from '../model/qr-code.events';

const s = (fields: Record<string, unknown>, key: string): string | null => {
  const value = fields[key];
  if (value === undefined || value === null || value === '') return null;
  return String(value);
};
const clip = (value: string | null, max: number) => (value === null ? null : value.slice(0, max));
const coordinate = (value: string | null) => (value !== null && /^[+-]?\d+(\.\d+)?$/.test(value) ? value : null);

/** The spec's per-type columns of qr_codes, from a code's content fields (the rest stays in qr_data). */
export function staticColumns(qrType: string, fields: Record<string, unknown>): Record<string, unknown> {
  const none = {
    url: null,
    first_name: null,
    last_name: null,
    email: null,
    phone_number: null,
    notes: null,
    image_url: null,
    product_name: null,
    product_price: null,
    product_description: null,
    pdf_title: null,
    pdf_url: null,
    pdf_file_path: null,
    pdf_file_name: null,
    pdf_description: null,
    platform: null,
    image_title: null,
    image_description: null,
    image_file_path: null,
    image_file_name: null,
    business_name: null,
    review_url: null,
    app_name: null,
    app_description: null,
    app_store_url: null,
    play_store_url: null,
    app_category: null,
    app_developer: null,
    email_recipient: null,
    email_subject: null,
    email_body: null,
    location_address: null,
    location_latitude: null,
    location_longitude: null,
    location_name: null,
    location_description: null,
  } as Record<string, unknown>;
  switch (qrType) {
    case 'url':
      return { ...none, url: s(fields, 'url') };
    case 'contact':
      return {
        ...none,
        first_name: clip(s(fields, 'firstName'), 255),
        last_name: clip(s(fields, 'lastName'), 255),
        email: clip(s(fields, 'email'), 255),
        phone_number: clip(s(fields, 'phoneNumber'), 20),
        notes: s(fields, 'notes'),
        image_url: s(fields, 'imageUrl'),
        url: s(fields, 'url'),
      };
    case 'payment':
      return {
        ...none,
        product_name: clip(s(fields, 'productName'), 100),
        product_price: fields.productPrice === undefined ? null : priceToCents(fields.productPrice),
        product_description: s(fields, 'productDescription'),
      };
    case 'pdf':
      return {
        ...none,
        pdf_title: clip(s(fields, 'title'), 255),
        pdf_description: s(fields, 'description'),
        pdf_url: s(fields, 'pdfUrl'),
        pdf_file_path: s(fields, 'pdfUrl'),
        pdf_file_name: clip(s(fields, 'pdfFileName'), 255),
      };
    case 'images':
      return {
        ...none,
        image_title: clip(s(fields, 'title'), 255),
        image_description: s(fields, 'description'),
        image_url: s(fields, 'imageUrl'),
        image_file_path: s(fields, 'imageUrl'),
        image_file_name: clip(s(fields, 'imageFileName'), 255),
      };
    case 'social':
      return { ...none, platform: s(fields, 'platform'), url: s(fields, 'url') };
    case 'ratings':
      return {
        ...none,
        business_name: clip(s(fields, 'businessName'), 255),
        platform: s(fields, 'platform'),
        review_url: s(fields, 'url'),
        url: s(fields, 'url'),
      };
    case 'email':
      return {
        ...none,
        email_recipient: clip(s(fields, 'email'), 255),
        email_subject: s(fields, 'subject'),
        email_body: s(fields, 'body'),
      };
    case 'location':
      return {
        ...none,
        location_address: s(fields, 'address'),
        location_latitude: coordinate(s(fields, 'latitude')),
        location_longitude: coordinate(s(fields, 'longitude')),
        location_name: clip(s(fields, 'name'), 255),
        location_description: s(fields, 'description'),
      };
    case 'apps': {
      const platform = s(fields, 'platform');
      const url = s(fields, 'url');
      return {
        ...none,
        app_name: clip(s(fields, 'appName'), 255),
        app_description: s(fields, 'appDescription'),
        app_developer: clip(s(fields, 'appDeveloper'), 255),
        app_category: s(fields, 'appCategory'),
        platform,
        url,
        app_store_url: platform === 'appstore' ? url : null,
        play_store_url: platform === 'googleplay' ? url : null,
      };
    }
    case 'sms':
      return { ...none, phone_number: clip(s(fields, 'phoneNumber'), 20) };
    case 'events':
      return { ...none, location_address: s(fields, 'location') };
    default:
      return none;
  }
}

export const STYLE_COLUMNS: Record<keyof StoredStyle | 'logoFileName' | 'logoFilePath', string> = {
  fgColor: 'fg_color',
  bgColor: 'bg_color',
  gradientColor: 'gradient_color',
  qrStyle: 'qr_style',
  dotShape: 'dot_shape',
  cornerShape: 'corner_shape',
  innerCornerShape: 'inner_corner_shape',
  outerCornerColor: 'outer_corner_color',
  innerCornerColor: 'inner_corner_color',
  enableFrame: 'enable_frame',
  frameText: 'frame_text',
  frameColor: 'frame_color',
  frameTextColor: 'frame_text_color',
  frameStyle: 'frame_style',
  logoFileName: 'logo_file_name',
  logoFilePath: 'logo_file_path',
};
