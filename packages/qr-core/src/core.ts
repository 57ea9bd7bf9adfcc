// What both entries share: types, labels, payloads, matrix, styles and the SVG renderer, with
// neither zod nor the frame font's glyph table. browser.ts adds loaders for those two; index.ts
// (Node) adds the schemas and registers the font at once.
export {
  APP_CATEGORIES,
  APP_PLATFORMS,
  DATE_INPUT_RE,
  MESSAGES,
  QR_TYPES,
  QR_TYPE_LABELS,
  REVIEW_PLATFORMS,
  URL_TYPES,
  SOCIAL_PLATFORMS,
  WIFI_ENCRYPTIONS,
  emptyContent,
  isQrType,
  isUrlType,
  isValidDateInput,
} from './qr-types';
export type { AppCategory, AppPlatform, QrType, ReviewPlatform, SocialPlatform, WifiEncryption } from './qr-types';
export type { ValidationResult } from './content-types';
export {
  dynamicLink,
  encodeBitcoin,
  encodeMailto,
  encodeMapsLink,
  encodePayload,
  encodeSms,
  encodeVCard,
  encodeVEvent,
  encodeWifi,
  escapeText,
  priceToCents,
} from './payload';
export type { PayloadContext } from './payload';
export { EMPTY_INPUT_MESSAGE, QrEncodeError, TOO_BIG_MESSAGE, chooseErrorCorrection, encodeMatrix } from './matrix';
export type { ErrorCorrectionLevel, QrMatrix } from './matrix';
export {
  CORNER_SHAPES,
  DEFAULT_GRADIENT_COLOR,
  DEFAULT_STYLE,
  DOT_SHAPES,
  FRAME_STYLES,
  FRAME_TEXT_MAX_LENGTH,
  resolveStyle,
} from './style';
export type { CornerShape, DotShape, FrameStyle, QrStyle } from './style';
export { LowContrastError, MIN_SCAN_CONTRAST, QrStyleError, contrastRatio } from './contrast';
export {
  DEFAULT_RENDER_SIZE,
  LOGO_MAX_AREA_SHARE,
  LOGO_MAX_SIDE_SHARE,
  QUIET_ZONE,
  assertRenderableStyle,
  logoBox,
  renderMatrixSvg,
  renderSvg,
} from './render-svg';
export type { LogoBox, RenderOptions } from './render-svg';
export { isFrameFontLoaded, registerFrameFont } from './frame-text';
export { DISPLAY_NAME_MAX, addressName, codeDisplayName, typeName } from './display-name';
export type { NameableCode } from './display-name';
export type { FrameFont } from './frame-text';
export { FORM_MESSAGES, PASSWORD_MIN_LENGTH, passwordLengthError } from './form-rules';
export { PAYING_STATUSES, planLabel, trialDaysLeft } from './plan';
export * from './batch-rows';
export { CORRECTABLE_SHARE, MIN_QUIET_ZONE, WARN_SCAN_CONTRAST, scanWarnings } from './scan-warnings';
export type { ScanWarning, ScanWarningCode, ScanWarningOptions } from './scan-warnings';
