// Generate (anonymous: a preview the server logs) or save (signed in: static, or dynamic within the
// trial's limit), then track the generation. Messages are core-product.md sections 7 and 8.
import { encodePayload, loadValidation, type QrType } from '@qrsharks/qr-core/browser';
import { useCallback, useMemo, useRef, useState, type FormEvent } from 'react';
import {
  apiJson,
  apiRequest,
  dynamicLimitMessage,
  newIdempotencyKey,
  queryClient,
  serverMessage,
  toast,
  type ToastInput,
  type TrialStatus,
} from '../deps';
import {
  buildDynamicFormData,
  buildGenerateBody,
  buildSaveFormData,
  buildTrackBody,
  buildUploadPlan,
  contentKey,
  errorStatus,
  getSessionId,
  isWebDestination,
  uploadFields,
  type GeneratedCode,
  type GeneratorForm,
  type SavedCode,
  type UploadResult,
} from '../generate-request';
import type { PreviewState } from './use-preview';

/** The server's own encoding (a saved code's `content`, a preview's `payload`) wins: it knows the tenant's origin; ours is the fallback. */
function serverPayload(text: string | null | undefined): string | null {
  return typeof text === 'string' && text !== '' ? text : null;
}

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const SAVE_FAILED = { title: 'Error', description: 'There was a problem saving your QR code.', variant: 'destructive' } as const;
/** A save refused with a reason (400: a blocked domain, content that cannot be encoded) says it; else the spec's text. */
function saveFailed(error: unknown) {
  return errorStatus(error) === 400 ? { ...SAVE_FAILED, description: serverMessage(error, SAVE_FAILED.description) } : SAVE_FAILED;
}
const GENERATE_FAILED = { title: 'Error', description: 'There was a problem generating your QR code.', variant: 'destructive' } as const;

interface GenerateOptions {
  form: GeneratorForm;
  signedIn: boolean;
  trial: TrialStatus | null;
  setPreview: (preview: PreviewState | null) => void;
  /** The content did not pass its rules: show the messages (on the Purpose tab). */
  onInvalid: (errors: Record<string, string>) => void;
  onValid: () => void;
  /** A create refused the chosen back-half as taken (409): the field says so. */
  onBackHalfTaken?: (backHalf: string) => void;
}

/**
 * One submit attempt: its Idempotency-Key and the upload it made, kept while the form is unchanged and until a save
 * succeeds, so a retry (a second click after a failure or a lost answer) makes no second code and no second upload.
 */
interface Attempt {
  form: GeneratorForm;
  key: string;
  uploaded?: UploadResult | null;
}

export function useGenerate({ form, signedIn, trial, setPreview, onInvalid, onValid, onBackHalfTaken }: GenerateOptions) {
  const [busy, setBusy] = useState(false);
  // A double click sends two submit events before React re-renders with busy: this ref stops the second one.
  const running = useRef(false);
  const attempt = useRef<Attempt | null>(null);
  /** The attempt for this submit: the same while the form is the same object (an edit makes a new one). */
  const currentAttempt = (): Attempt => {
    if (!attempt.current || attempt.current.form !== form) attempt.current = { form, key: newIdempotencyKey() };
    return attempt.current;
  };
  const idempotency = () => ({ 'Idempotency-Key': currentAttempt().key });
  const sessionId = useMemo(() => getSessionId(localStorageOrNull()), []);
  const origin = window.location.origin;
  const { qrType, fields, mode } = form;

  const show = (text: string, dynamic: boolean, id: string | number | null) => {
    setPreview({ text, dynamic, qrCodeId: id, content: contentKey(form) });
    void apiRequest('POST', '/api/track-generation', buildTrackBody(form, text, id, sessionId)).catch(() => undefined);
  };
  const encode = (type: QrType, valid: Record<string, unknown>, id: string | number | null) =>
    encodePayload(type, valid, { origin, ...(id !== null ? { id: String(id) } : {}) });

  const generateAnonymous = async (valid: Record<string, unknown>) => {
    try {
      const generated = await apiJson<GeneratedCode | null>(
        'POST',
        '/api/generate-qrcode',
        buildGenerateBody({ ...form, fields: valid }, { temporary: false }),
      );
      // A preview is stored nowhere: it has no id.
      show(serverPayload(generated?.payload) ?? encode(qrType, valid, null), false, null);
      toast({ title: 'QR Code generated', description: 'Sign in to save it.' });
    } catch {
      toast(GENERATE_FAILED);
    }
  };

  const upload = async (valid: Record<string, unknown>): Promise<UploadResult | null> => {
    const current = currentAttempt();
    if (current.uploaded !== undefined) return current.uploaded;
    const plan = buildUploadPlan(qrType, valid);
    current.uploaded = plan ? await apiJson<UploadResult>('POST', plan.path, plan.body) : null;
    return current.uploaded;
  };
  /** A save succeeded: the next submit is a new attempt (a person making a second identical code on purpose). */
  const attemptDone = () => {
    attempt.current = null;
  };

  /** A refused save: no earlier code stays on show (nor downloadable) beside the toast. */
  const refuse = (message: ToastInput) => {
    setPreview(null);
    toast(message);
  };

  const saveStatic = async (valid: Record<string, unknown>) => {
    try {
      const uploaded = await upload(valid);
      const extra = uploaded ? uploadFields(qrType, uploaded) : {};
      const saved = await apiJson<SavedCode | null>(
        'POST',
        '/api/qrcodes',
        buildSaveFormData({ ...form, fields: valid }, extra),
        idempotency(),
      );
      attemptDone();
      const id = saved?.id ?? null;
      // pdf and image pages are addressed by their upload; payment pages by the saved code.
      show(serverPayload(saved?.content) ?? encode(qrType, valid, uploaded ? uploaded.id : id), false, id);
      void queryClient.invalidateQueries({ queryKey: ['/api/qrcodes'] });
      toast({ title: 'QR Code generated', description: 'QR Code saved to your account.' });
    } catch (error) {
      refuse(saveFailed(error));
    }
  };

  const saveDynamic = async (valid: Record<string, unknown>) => {
    if (trial && !trial.canCreateDynamicQR) {
      refuse({
        title: 'Dynamic QR Code limit reached',
        description: dynamicLimitMessage(trial.dynamicQRLimit ?? 0),
        variant: 'destructive',
      });
      return;
    }
    try {
      const uploaded = await upload(valid);
      const extra = uploaded ? uploadFields(qrType, uploaded) : {};
      const destination = encode(qrType, valid, uploaded ? uploaded.id : null);
      if (!isWebDestination(destination)) {
        refuse(SAVE_FAILED);
        return;
      }
      const created = await apiJson<SavedCode>(
        'POST',
        '/api/dynamic-qrcodes',
        buildDynamicFormData({ ...form, fields: valid }, destination, extra),
        idempotency(),
      );
      attemptDone();
      show(serverPayload(created.content) ?? `${origin}/d/${created.shortCode ?? ''}`, true, created.id);
      void queryClient.invalidateQueries({ queryKey: ['/api/dynamic-qrcodes'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/trial-status'] });
      toast({ title: 'Dynamic QR Code generated', description: 'Dynamic QR Code saved to your account.' });
    } catch (error) {
      if (errorStatus(error) === 403) {
        const fallback = dynamicLimitMessage(trial?.dynamicQRLimit ?? 0);
        refuse({ title: 'Dynamic QR Code limit reached', description: serverMessage(error, fallback), variant: 'destructive' });
        return;
      }
      const backHalf = form.customShortCode?.trim();
      if (errorStatus(error) === 409 && backHalf) {
        onBackHalfTaken?.(backHalf);
        refuse({ ...SAVE_FAILED, description: serverMessage(error, SAVE_FAILED.description) });
        return;
      }
      refuse(saveFailed(error));
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || running.current) return;
    running.current = true;
    try {
      await submit();
    } finally {
      running.current = false;
    }
  };

  const submit = async () => {
    let validateContent: Awaited<ReturnType<typeof loadValidation>>;
    try {
      // The schemas (zod) are not part of the first page load; the form's focus already prefetched them.
      validateContent = await loadValidation();
    } catch {
      toast(GENERATE_FAILED);
      return;
    }
    const verdict = validateContent(qrType, fields);
    const fieldErrors = verdict.ok ? {} : { ...verdict.errors };
    // The pdf form marks its file required (spec section 5) although the rule alone would not.
    if (qrType === 'pdf' && !(fields.pdfFile instanceof File)) fieldErrors.pdfFile = 'Please select a PDF file';
    if (!verdict.ok || Object.keys(fieldErrors).length > 0) {
      onInvalid(fieldErrors);
      return;
    }
    onValid();
    setBusy(true);
    try {
      if (!signedIn) await generateAnonymous(verdict.data);
      else if (mode === 'dynamic') await saveDynamic(verdict.data);
      else await saveStatic(verdict.data);
    } finally {
      setBusy(false);
    }
  };

  const prefetchValidation = useCallback(() => {
    loadValidation().catch(() => undefined);
  }, []);

  /** A file the browser saved (PNG or SVG drawn here): one POST /api/track-download per file. */
  const trackDownload = (text: string, id: string | number | null, downloadType: 'png' | 'svg') => {
    void apiRequest('POST', '/api/track-download', { ...buildTrackBody(form, text, id, sessionId), downloadType }).catch(() => undefined);
  };

  return { busy, onSubmit, prefetchValidation, trackDownload };
}
