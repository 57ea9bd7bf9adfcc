// The qrcode package's encoder module on its own: the package entry's browser build also carries
// its canvas and SVG-tag renderers, which qr-core never uses (it draws its own SVG).
declare module 'qrcode/lib/core/qrcode' {
  export { create } from 'qrcode';
}
