// Turns the preview SVG into a PNG in the browser (canvas, scale 3) and hands files to the user.

/** Spec section 9: the downloaded image is the preview rendered at three times its size. */
export const DOWNLOAD_SCALE = 3;

/** The PNG encoder gave nothing back: reported as "saving the image" rather than "downloading". */
export class ImageEncodeError extends Error {}

/** Intrinsic size of an SVG document from its width/height attributes, else its viewBox. */
export function svgSize(svg: string): { width: number; height: number } {
  const root = /<svg\b[^>]*>/i.exec(svg)?.[0] ?? '';
  const attr = (name: string): number | null => {
    const match = new RegExp(`\\s${name}="([\\d.]+)(?:px)?"`, 'i').exec(root);
    return match ? Number(match[1]) : null;
  };
  const width = attr('width');
  const height = attr('height');
  if (width && height) return { width, height };
  const viewBox = /\sviewBox="[\d.\-]+[\s,]+[\d.\-]+[\s,]+([\d.]+)[\s,]+([\d.]+)"/i.exec(root);
  if (viewBox) return { width: Number(viewBox[1]), height: Number(viewBox[2]) };
  return { width: 320, height: 320 };
}

export function pngFileName(qrType: string): string {
  return `qrcode-${qrType}.png`;
}

export function svgFileName(qrType: string): string {
  return `qrcode-${qrType}.svg`;
}

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The QR code image could not be loaded'));
    image.src = url;
  });
}

export async function svgToPngBlob(svg: string, scale: number = DOWNLOAD_SCALE): Promise<Blob> {
  const { width, height } = svgSize(svg);
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml;charset=utf-8' }));
  try {
    const image = await loadImage(url);
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const context = canvas.getContext('2d');
    if (!context) throw new ImageEncodeError('Canvas 2D context unavailable');
    // Crisp modules: scaling a vector image needs no smoothing of edges.
    context.imageSmoothingEnabled = false;
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) throw new ImageEncodeError('The PNG encoder returned nothing');
    return blob;
  } finally {
    URL.revokeObjectURL(url);
  }
}

export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function svgDataUri(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
