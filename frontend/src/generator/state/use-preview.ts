// The code on show: the generated one, or for url codes a live preview (1000 ms debounce on the URL,
// then 500 ms after any style change), drawn with the allowed style.
import type { QrStyle } from '@qrsharks/qr-core/browser';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { apiRequest } from '../deps';
import { buildGenerateBody, contentKey, type GeneratorForm } from '../generate-request';
import { createLivePreview, type LivePreview } from '../live-preview';
import { renderPreview } from '../QrPreview';

export interface PreviewState {
  text: string;
  dynamic: boolean;
  qrCodeId: string | number | null;
  /** contentKey of the form that made a generated or saved code; absent for the live preview, which follows the field. */
  content?: string;
}

export function usePreview(form: GeneratorForm, previewStyle: QrStyle, signedIn: boolean) {
  const [preview, setPreview] = useState<PreviewState | null>(null);
  // A new type resets the form, so the code on show (of the old content) goes with it.
  const [previewType, setPreviewType] = useState(form.qrType);
  if (previewType !== form.qrType) {
    setPreviewType(form.qrType);
    setPreview(null);
  }

  // The live preview's timers fire later: they read the latest form and session through a ref.
  const latest = useRef({ form, signedIn });
  useLayoutEffect(() => {
    latest.current = { form, signedIn };
  });
  const live = useRef<LivePreview | null>(null);
  useEffect(() => {
    const livePreview = createLivePreview((url) => {
      if (url === null) {
        // Emptied field: back to the placeholder, unless a generated code is on show.
        setPreview((current) => (current && current.qrCodeId === null ? null : current));
        return;
      }
      setPreview({ text: url, dynamic: false, qrCodeId: null });
      if (!latest.current.signedIn) {
        // A temporary preview for the server's generation log; the picture never waits on it.
        const body = buildGenerateBody({ ...latest.current.form, fields: { url } }, { temporary: true });
        void apiRequest('POST', '/api/generate-qrcode', body).catch(() => undefined);
      }
    });
    live.current = livePreview;
    return () => {
      livePreview.cancel();
      live.current = null;
    };
  }, []);

  const liveActive = form.qrType === 'url' && form.mode === 'static';
  const watchedUrl = liveActive && typeof form.fields.url === 'string' ? form.fields.url : '';
  useEffect(() => {
    if (liveActive) live.current?.urlChanged(watchedUrl);
    else live.current?.cancel();
  }, [liveActive, watchedUrl]);
  useEffect(() => {
    if (liveActive) live.current?.styleChanged();
    // Only colour and logo changes re-fire; the URL has its own effect above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form.style]);

  // A generated code is on show only while the form holds what made it: new content (a refused save above all, issue 30
  // item 4) shows the placeholder and disables the downloads, never the previous code as if it were the new one.
  const key = contentKey(form);
  const shown = preview && (preview.content === undefined || preview.content === key) ? preview : null;
  const rendered = useMemo(() => renderPreview(shown?.text ?? null, previewStyle, shown?.dynamic ?? false), [shown, previewStyle]);
  const svg = rendered.kind === 'svg' ? rendered.svg : null;
  return { preview: shown, setPreview, rendered, svg };
}
