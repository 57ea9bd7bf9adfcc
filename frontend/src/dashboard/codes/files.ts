// The few file helpers the cards need (the generator has the same ones; importing them from there would split them
// into a chunk of their own on the landing page).

/** The spec's download names: qrcode-{qrType}.png / .svg. */
export const downloadName = (qrType: string, format: 'png' | 'svg') => `qrcode-${qrType}.${format}`;

export const svgDataUri = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
