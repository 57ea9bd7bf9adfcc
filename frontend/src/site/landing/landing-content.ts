import type { FaqItem } from '../../ui/FaqAccordion';
import type { QrType } from '../../ui/qr-types';
import { CONTENT_TYPE_COUNT, CONTENT_TYPE_NAMES } from '../site-figures';

export const FEATURES = [
  {
    title: `${CONTENT_TYPE_COUNT} content types`,
    text: `${CONTENT_TYPE_NAMES}.`,
  },
  {
    title: 'Styled codes that still scan',
    text:
      'Pick dot and corner shapes, corner colours, a gradient, a frame with your call to action and your logo. Every style is ' +
      'checked for contrast so it stays readable.',
  },
  {
    title: 'Dynamic codes',
    text: 'Print once, change the destination whenever you like. Pause a campaign and resume it later without touching the printed code.',
  },
  {
    title: 'Scan analytics',
    text: 'See scans per day, unique visitors, devices, countries and referrers for every dynamic code, and replay any past period.',
  },
  {
    title: 'Bulk generation',
    text: 'Paste or upload a list of URLs or texts and get one code per line, ready to download as SVG files.',
  },
  {
    title: 'Print-ready downloads',
    text: 'Download a sharp PNG at three times the preview size, or an SVG that stays crisp on a poster or a van.',
  },
] as const;

export const USE_CASES = [
  { title: 'Restaurants and cafés', text: 'Put the menu on every table as a Menu/PDF code and update prices without reprinting.' },
  { title: 'Retail and products', text: 'Link packaging to manuals, reviews or a payment page for a product.' },
  { title: 'Events', text: 'Add the event to guests’ calendars and point badges to the agenda.' },
  { title: 'Business cards', text: 'Share a vCard that saves your name, phone and email in one scan.' },
] as const;

export const WHY_CHOOSE = [
  { title: 'Free to start', text: 'Create and download static codes without an account. A free account adds saving and scan tracking.' },
  { title: 'Edit after printing', text: 'Dynamic codes point to a short link we manage, so the destination can change at any time.' },
  { title: 'Your brand, everywhere', text: 'Colours, logo and frame on every code; white-label for agencies with their own domain.' },
  { title: 'Privacy-minded analytics', text: 'We count scans without storing raw IP addresses: visitors are identified by a salted hash.' },
] as const;

export const TESTIMONIALS = [
  {
    quote: 'We changed our lunch menu three times last month and never reprinted a table card.',
    name: 'Sample review: café owner',
  },
  {
    quote: 'The scan report showed the flyer at the train station outperformed the bus stop two to one.',
    name: 'Sample review: marketing lead',
  },
  {
    quote: 'Bulk generation gave us 400 asset labels in a couple of minutes.',
    name: 'Sample review: facilities manager',
  },
] as const;

export const LANDING_FAQ: readonly FaqItem[] = [
  {
    question: 'Is QR Code Sharks free?',
    answer:
      'Yes. You can create and download static QR codes of every free type without an account, and they work forever. A free account ' +
      'adds saving and scan tracking; Premium ($9.99/month) adds unlimited dynamic codes, logos, advanced styling and analytics.',
  },
  {
    question: 'Do my QR codes expire?',
    answer:
      'Static codes never expire: the content is stored in the code itself. Dynamic codes keep working as long as your account keeps ' +
      'them active; you can pause and resume them at any time.',
  },
  {
    question: 'What is the difference between a static and a dynamic QR code?',
    answer:
      'A static code contains its content directly and cannot change once printed. A dynamic code contains a short link to our server, ' +
      'so you can change the destination later and count every scan.',
  },
  {
    question: 'What does the free trial include?',
    answer:
      'Three days with no card required: 12 dynamic QR codes, scan analytics, logo and colour customization, unlimited scans and ' +
      'downloads, and no ads.',
  },
  {
    question: 'Which content types can I create?',
    answer: `All ${CONTENT_TYPE_COUNT} of the generator: ${CONTENT_TYPE_NAMES}.`,
  },
  {
    question: 'Can I add my logo and colours?',
    answer:
      'Yes. Signed-in users can add a second (gradient) colour and upload a logo or pick a preset such as Instagram or YouTube. Everyone ' +
      'can set the main colour, corner colours, shapes and a frame.',
  },
  {
    question: 'How do I track scans?',
    answer:
      'Create a dynamic code while signed in. Each scan is recorded with its time, device and approximate location, and the dashboard ' +
      'shows totals, unique visitors and trends.',
  },
  {
    question: 'Which file formats can I download?',
    answer: 'PNG at three times the preview resolution for documents and screens, and SVG for print at any size.',
  },
];

/** Hero copy when a visitor arrives with a type already chosen. */
export const TYPE_HERO: Partial<Record<QrType, string>> = {
  url: 'Send people straight to any web page with one scan.',
  contact: 'Share your name, phone number and email as a contact card that saves in one tap.',
  payment: 'Give customers a checkout page for your product.',
  pdf: 'Put your menu or brochure one scan away, and update it without reprinting.',
  social: 'Grow your followers with a code that opens your profile.',
  images: 'Show a gallery of images from a single code.',
  ratings: 'Collect more reviews by opening your review page directly.',
  email: 'Open a pre-written email to your inbox.',
  location: 'Open your address in the scanner’s maps app.',
  events: 'Add your event to your guests’ calendars.',
  apps: 'Send people to your app in the right store.',
  sms: 'Start a text message to your number.',
  bitcoin: 'Receive Bitcoin with the address and amount filled in.',
  text: 'Share a short plain-text note.',
  wifi: 'Let guests join your Wi-Fi without typing the password.',
};
