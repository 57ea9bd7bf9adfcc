// The generator's gates, stated once (core spec sections 2, 4 and 6): which content types the dropdown
// offers, which of them are a 'Future Feature' or need an account ('Premium Feature'), which can be
// dynamic, and what a visitor without an account may use. The card, its hooks and the tabs import them.
import type { QrStyle, QrType } from '@qrsharks/qr-core/browser';
import type { LogoChoice, QrMode } from './generate-request';
import type { ColorMode } from './tabs/color-mode';

/** The generator's types: the core spec's thirteen in its order, then plain text and Wi-Fi (issue 15). */
export const GENERATOR_TYPES = [
  'url',
  'contact',
  'payment',
  'pdf',
  'social',
  'images',
  'ratings',
  'email',
  'location',
  'events',
  'apps',
  'sms',
  'bitcoin',
  'text',
  'wifi',
] as const satisfies readonly QrType[];

export type GeneratorType = (typeof GENERATOR_TYPES)[number];

export function isGeneratorType(value: unknown): value is GeneratorType {
  return typeof value === 'string' && (GENERATOR_TYPES as readonly string[]).includes(value);
}

/**
 * Types that would open the spec's "Future Feature" dialog instead of switching: only types that do not work yet.
 * Events, SMS and Bitcoin work end to end (validation, encoders, decode-tested downloads), so none is left.
 */
export const FUTURE_TYPES: readonly QrType[] = [];

/** Types that need an account: chosen while signed out, they open 'Premium Feature' instead. */
export const ACCOUNT_TYPES: readonly QrType[] = ['pdf'];

/** Types whose encoded content is a web address, so a dynamic (redirecting) code can carry it. */
export const DYNAMIC_CAPABLE: readonly QrType[] = ['url', 'payment', 'pdf', 'social', 'images', 'ratings', 'location', 'apps'];

/** What choosing `type` leads to: a dialog ('future' or 'premium') or, when null, the type itself. */
export type TypeGate = 'future' | 'premium' | null;

export function typeGate(type: QrType, signedIn: boolean): TypeGate {
  if (FUTURE_TYPES.includes(type)) return 'future';
  if (ACCOUNT_TYPES.includes(type) && !signedIn) return 'premium';
  return null;
}

/** The type the card opens on: a preselected generator type unless it is a future one, else url. */
export function startingType(type: QrType | undefined): QrType {
  return type && isGeneratorType(type) && !FUTURE_TYPES.includes(type) ? type : 'url';
}

export function canBeDynamic(type: QrType): boolean {
  return DYNAMIC_CAPABLE.includes(type);
}

/**
 * Spec section 6: a visitor without an account may generate and download static codes with the first
 * colour, body, corner and frame options. The second colour, the logo, dynamic codes (and so scan
 * tracking), saving and the pdf type need an account; when the session ends they fall away.
 */
export function mayUseAccountFeatures(signedIn: boolean): boolean {
  return signedIn;
}

export interface StyleChoices {
  colorMode: ColorMode;
  secondColor: string;
  logo: LogoChoice | null;
}

/** The style the code is drawn and saved with: the account features only for signed-in users. */
export function allowedStyle(style: QrStyle, choices: StyleChoices, signedIn: boolean): QrStyle {
  const account = mayUseAccountFeatures(signedIn);
  return {
    ...style,
    gradientColor: account && choices.colorMode === 'second' ? choices.secondColor : null,
    logo: account && choices.logo ? { href: choices.logo.href } : null,
  };
}

/** The mode the code is made in: dynamic only for signed-in users. */
export function allowedMode(mode: QrMode, signedIn: boolean): QrMode {
  return mayUseAccountFeatures(signedIn) ? mode : 'static';
}

/** The logo sent with a save: only signed-in users have one. */
export function allowedLogo(logo: LogoChoice | null, signedIn: boolean): LogoChoice | null {
  return mayUseAccountFeatures(signedIn) ? logo : null;
}
