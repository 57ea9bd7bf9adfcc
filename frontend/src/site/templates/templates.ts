import type { QrType } from '../../ui/qr-types';

export type TemplateCategory = 'business' | 'personal' | 'hospitality' | 'events';

export interface Template {
  id: string;
  title: string;
  description: string;
  category: TemplateCategory;
  popular: boolean;
  qrType: QrType;
  previewData: Record<string, unknown>;
}

export const TEMPLATE_CATEGORIES: readonly { value: 'all' | TemplateCategory; label: string }[] = [
  { value: 'all', label: 'All Templates' },
  { value: 'business', label: 'Business' },
  { value: 'personal', label: 'Personal' },
  { value: 'hospitality', label: 'Hospitality' },
  { value: 'events', label: 'Events' },
];

/** The spec's 13 templates; ids and qrTypes are as the spec lists them. */
export const TEMPLATES: readonly Template[] = [
  {
    id: 'website',
    title: 'Website Link',
    description: 'Send people to your home page, a landing page or an online store.',
    category: 'business',
    popular: true,
    qrType: 'url',
    previewData: { url: 'https://www.example.com' },
  },
  {
    id: 'business-card',
    title: 'Digital Business Card',
    description: 'A vCard with your name, phone and email that saves to contacts in one tap.',
    category: 'business',
    popular: true,
    qrType: 'contact',
    previewData: {
      firstName: 'Alex',
      lastName: 'Morgan',
      email: 'alex@example.com',
      phoneNumber: '+1 555 010 2030',
      notes: 'Sales Manager, Example Co.',
    },
  },
  {
    id: 'payment',
    title: 'Product Payment',
    description: 'A checkout page for one product with name, price and description.',
    category: 'business',
    popular: false,
    qrType: 'payment',
    previewData: { productName: 'Gift Card', productPrice: 25, productDescription: 'A $25 gift card for any purchase in store.' },
  },
  {
    id: 'menu',
    title: 'Restaurant Menu',
    description: 'Put your PDF menu on every table and update it without reprinting.',
    category: 'hospitality',
    popular: true,
    qrType: 'pdf',
    previewData: { title: 'Dinner Menu', description: 'Our seasonal dinner menu.' },
  },
  {
    id: 'location',
    title: 'Store Location',
    description: 'Open your address in the scanner’s maps app for directions.',
    category: 'hospitality',
    popular: false,
    qrType: 'location',
    previewData: { address: '1600 Amphitheatre Parkway, Mountain View, CA', name: 'Our Store', description: 'Open daily 9am to 6pm.' },
  },
  {
    id: 'wifi',
    title: 'Guest Wi-Fi',
    description: 'Guests join your network with one scan, without typing the password.',
    category: 'hospitality',
    popular: true,
    qrType: 'wifi',
    previewData: { ssid: 'Guest Wi-Fi', encryption: 'WPA', password: 'welcome-guest', hidden: false },
  },
  {
    id: 'event',
    title: 'Event Page',
    description: 'Point posters and flyers to your event’s tickets or agenda.',
    category: 'events',
    popular: false,
    qrType: 'url',
    previewData: { url: 'https://www.example.com/events/summer-festival' },
  },
  {
    id: 'contact-phone',
    title: 'Click to Call',
    description: 'Start a phone call to your business with one scan: the code holds a tel: link to your number.',
    category: 'personal',
    popular: false,
    // No type of its own: a tel: link as plain text, which phone cameras offer to call.
    qrType: 'text',
    previewData: { text: 'tel:+15550102030' },
  },
  {
    id: 'email',
    title: 'Email Us',
    description: 'Open a pre-written email with the subject and message filled in.',
    category: 'business',
    popular: false,
    qrType: 'email',
    previewData: { email: 'hello@example.com', subject: 'Question about your services', body: 'Hi, I would like to know more about...' },
  },
  {
    id: 'social-media',
    title: 'Social Media Profile',
    description: 'Grow your followers with a code that opens your profile.',
    category: 'personal',
    popular: true,
    qrType: 'social',
    previewData: { platform: 'instagram', url: 'https://www.instagram.com/example' },
  },
  {
    id: 'event-calendar',
    title: 'Calendar Invite',
    description: 'Add your event with date, time and place to your guests’ calendars.',
    category: 'events',
    popular: false,
    qrType: 'events',
    previewData: {
      title: 'Summer Festival',
      startDate: '2026-07-18T14:00',
      endDate: '2026-07-18T22:00',
      location: 'Riverside Park',
      description: 'Music, food trucks and fireworks.',
    },
  },
  {
    id: 'app-download',
    title: 'App Download',
    description: 'Send people to your app in the right store.',
    category: 'business',
    popular: false,
    qrType: 'apps',
    previewData: {
      appName: 'Example App',
      platform: 'appstore',
      url: 'https://apps.apple.com/app/id000000000',
      appDescription: 'Order ahead and skip the line.',
      appDeveloper: 'Example Co.',
      appCategory: 'food',
    },
  },
  {
    id: 'bitcoin-payment',
    title: 'Bitcoin Payment',
    description: 'Receive Bitcoin with the address, amount and label filled in.',
    category: 'personal',
    popular: false,
    qrType: 'bitcoin',
    previewData: { address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', amount: '0.001', label: 'Donation', message: 'Thank you!' },
  },
];
