// PNG and SVG downloads of the code on show; an anonymous download is followed by the account prompt.
import type { QrType } from '@qrsharks/qr-core/browser';
import { toast } from '../deps';
import { ImageEncodeError, pngFileName, saveBlob, svgFileName, svgToPngBlob } from '../download';
import { mayUseAccountFeatures } from '../gates';

const DOWNLOAD_FAILED = 'There was a problem downloading your QR code.';

/** `onDownloaded`: reports the saved file once (POST /api/track-download): the server never sees these files. */
export function useDownloads(
  svg: string | null,
  qrType: QrType,
  signedIn: boolean,
  promptAccountLater: () => void,
  onDownloaded: (downloadType: 'png' | 'svg') => void,
) {
  const afterDownload = (downloadType: 'png' | 'svg') => {
    onDownloaded(downloadType);
    toast({ title: 'QR Code Downloaded' });
    if (!mayUseAccountFeatures(signedIn)) promptAccountLater();
  };

  const downloadPng = async () => {
    if (!svg) return;
    try {
      saveBlob(await svgToPngBlob(svg), pngFileName(qrType));
      afterDownload('png');
    } catch (error) {
      const description = error instanceof ImageEncodeError ? 'There was a problem saving your QR code image.' : DOWNLOAD_FAILED;
      toast({ title: 'Download Failed', description, variant: 'destructive' });
    }
  };

  const downloadSvg = () => {
    if (!svg) return;
    try {
      saveBlob(new Blob([svg], { type: 'image/svg+xml' }), svgFileName(qrType));
      afterDownload('svg');
    } catch {
      toast({ title: 'Download Failed', description: DOWNLOAD_FAILED, variant: 'destructive' });
    }
  };

  return { downloadPng, downloadSvg };
}
