// The generator card ('Generate Your QR Code'): content, style, preview, generate/save and download.
// Anonymous visitors get a client-side preview and a download; signed-in users save static or
// dynamic codes. Every text below is from core-product.md sections 2, 4, 5, 7 and 8.
import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  FormControlLabel,
  Link,
  Stack,
  Switch,
  Tab,
  Tabs,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import {
  DEFAULT_STYLE,
  emptyContent,
  encodePayload,
  isFrameFontLoaded,
  loadFrameFont,
  loadValidation,
  QR_TYPE_LABELS,
  type QrStyle,
  type QrType,
} from '@qrsharks/qr-core/browser';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { FUTURE_TYPES, isGeneratorType, pickKnownFields, SELECTED_TEMPLATE_KEY, templatePrefill } from './content-fields';
import { apiJson, apiRequest, queryClient, serverMessage, toast, useUser } from './deps';
import { ImageEncodeError, pngFileName, saveBlob, svgFileName, svgToPngBlob } from './download';
import {
  buildDynamicFormData,
  buildGenerateBody,
  buildSaveFormData,
  buildTrackBody,
  buildUploadPlan,
  errorStatus,
  getSessionId,
  isWebDestination,
  uploadFields,
  type GeneratorForm,
  type LogoChoice,
  type QrMode,
  type UploadResult,
} from './generate-request';
import { dynamicLimitMessage, useTrialStatus } from './generator-hooks';
import type { GeneratorDialogKind } from './GeneratorDialogs';
import { createLivePreview } from './live-preview';
import { QrPreview, renderPreview } from './QrPreview';
import { SECOND_COLOR_DEFAULT, type ColorMode } from './tabs/color-mode';
import { PurposeTab } from './tabs/PurposeTab';

// The Colors, Logo and Frame tabs stay hidden until clicked, so their code (colour pickers, logo
// presets) is fetched when the visitor reaches the tab list rather than with the first page.
const loadColorsTab = () => import('./tabs/ColorsTab');
const loadLogoTab = () => import('./tabs/LogoTab');
const loadFrameTab = () => import('./tabs/FrameTab');
const ColorsTab = lazy(() => loadColorsTab().then((module) => ({ default: module.ColorsTab })));
const LogoTab = lazy(() => loadLogoTab().then((module) => ({ default: module.LogoTab })));
const FrameTab = lazy(() => loadFrameTab().then((module) => ({ default: module.FrameTab })));
// The dialogs (premium, future, analytics, account) open only after an action; loaded on the first.
const GeneratorDialogs = lazy(() => import('./GeneratorDialogs').then((module) => ({ default: module.GeneratorDialogs })));
function prefetchStyleTabs() {
  void Promise.all([loadColorsTab(), loadLogoTab(), loadFrameTab()]).catch(() => undefined);
}

export interface GeneratorCardProps {
  initialType?: QrType;
  prefill?: Record<string, unknown>;
}

type StepTab = 'purpose' | 'colors' | 'logo' | 'frame';

/** Types whose encoded content is a web address, so a dynamic (redirecting) code can carry it. */
const DYNAMIC_CAPABLE: readonly QrType[] = ['url', 'payment', 'pdf', 'social', 'images', 'ratings', 'location', 'apps'];
/** Spec section 4: the account prompt opens one second after an anonymous download. */
const ACCOUNT_PROMPT_DELAY_MS = 1000;

interface PreviewState {
  text: string;
  dynamic: boolean;
  qrCodeId: string | number | null;
}

/** What the server answers for a saved or generated code; `content` is the payload it encoded. */
interface SavedCode {
  id?: string | number | null;
  content?: string | null;
  payload?: string | null;
  shortCode?: string;
}

/** The server's own encoding wins (it knows the tenant's origin); ours is the fallback. */
function serverPayload(saved: SavedCode | null): string | null {
  const text = saved?.content ?? saved?.payload;
  return typeof text === 'string' && text !== '' ? text : null;
}

function selectableInitialType(type: QrType | undefined): QrType {
  return type && isGeneratorType(type) && !FUTURE_TYPES.includes(type) ? type : 'url';
}

function readTemplate(type: QrType): Record<string, unknown> | null {
  try {
    return templatePrefill(window.sessionStorage.getItem(SELECTED_TEMPLATE_KEY), type);
  } catch {
    return null;
  }
}

function initialFields(type: QrType, prefill: Record<string, unknown> | undefined): Record<string, unknown> {
  return { ...emptyContent(type), ...(readTemplate(type) ?? {}), ...(pickKnownFields(type, prefill) ?? {}) };
}

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function GeneratorCard({ initialType, prefill }: GeneratorCardProps) {
  const { user, isLoading: userLoading } = useUser();
  const signedIn = user !== null;
  const trial = useTrialStatus(signedIn);

  const [tab, setTab] = useState<StepTab>('purpose');
  const [qrType, setQrType] = useState<QrType>(() => selectableInitialType(initialType));
  const [fields, setFields] = useState<Record<string, unknown>>(() => initialFields(selectableInitialType(initialType), prefill));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [style, setStyle] = useState<QrStyle>(() => ({ ...DEFAULT_STYLE, logo: null, gradientColor: null }));
  const [colorMode, setColorMode] = useState<ColorMode>('single');
  const [secondColor, setSecondColor] = useState(SECOND_COLOR_DEFAULT);
  const [logo, setLogo] = useState<LogoChoice | null>(null);
  const [mode, setMode] = useState<QrMode>('static');
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<PreviewState | null>(null);
  const [dialog, setDialog] = useState<GeneratorDialogKind | null>(null);
  const [futureType, setFutureType] = useState<QrType | null>(null);
  const accountTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Mounted from the first dialog on, so later ones open and close with their transitions.
  const dialogsUsed = useRef(false);
  if (dialog !== null) dialogsUsed.current = true;
  // The frame's glyph table is a separate chunk: fetched when the Frame tab opens or the frame is on.
  const [frameFontReady, setFrameFontReady] = useState(isFrameFontLoaded);

  // Account features fall away when the session ends (or never existed).
  const effectiveStyle: QrStyle = useMemo(
    () => ({
      ...style,
      gradientColor: signedIn && colorMode === 'second' ? secondColor : null,
      logo: signedIn && logo ? { href: logo.href } : null,
    }),
    [style, signedIn, colorMode, secondColor, logo],
  );
  const wantsFrameFont = style.enableFrame || tab === 'frame';
  useEffect(() => {
    if (!wantsFrameFont || frameFontReady) return;
    let live = true;
    loadFrameFont().then(
      () => {
        if (live) setFrameFontReady(true);
      },
      () => {
        if (live) toast({ title: 'Error', description: 'The frame could not be loaded. Please try again.', variant: 'destructive' });
      },
    );
    return () => {
      live = false;
    };
  }, [wantsFrameFont, frameFontReady]);
  // Until the font is there the preview (and so the download) is drawn without the frame.
  const framePending = effectiveStyle.enableFrame && !frameFontReady;
  const previewStyle: QrStyle = useMemo(
    () => (framePending ? { ...effectiveStyle, enableFrame: false } : effectiveStyle),
    [effectiveStyle, framePending],
  );
  const effectiveMode: QrMode = signedIn ? mode : 'static';
  const form: GeneratorForm = useMemo(
    () => ({ qrType, fields, style: effectiveStyle, mode: effectiveMode, logo: signedIn ? logo : null }),
    [qrType, fields, effectiveStyle, effectiveMode, signedIn, logo],
  );

  // The template was consumed; a later visit to / should start clean.
  useEffect(() => {
    try {
      if (readTemplate(qrType)) window.sessionStorage.removeItem(SELECTED_TEMPLATE_KEY);
    } catch {
      // storage unavailable: nothing to clean
    }
    // Only on mount: the template belongs to the first render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => () => clearTimeout(accountTimer.current), []);

  const switchType = useCallback((next: QrType) => {
    setQrType(next);
    setFields(emptyContent(next));
    setErrors({});
    setPreview(null);
    if (!DYNAMIC_CAPABLE.includes(next)) setMode('static');
  }, []);

  /** The dropdown's choice, with the spec's gates (section 4, type change). */
  const requestType = useCallback(
    (next: QrType) => {
      if (FUTURE_TYPES.includes(next)) {
        setFutureType(next);
        setDialog('future');
        return;
      }
      if (next === 'pdf' && !signedIn) {
        setDialog('premium');
        return;
      }
      if (next !== qrType) switchType(next);
    },
    [qrType, signedIn, switchType],
  );

  // A preselected type from the landing page may arrive after mount (subdomain info) or be gated.
  const appliedInitial = useRef<QrType | undefined>(undefined);
  useEffect(() => {
    if (!initialType || userLoading || appliedInitial.current === initialType) return;
    const first = appliedInitial.current === undefined;
    appliedInitial.current = initialType;
    if (FUTURE_TYPES.includes(initialType)) {
      setFutureType(initialType);
      setDialog('future');
    } else if (initialType === 'pdf' && !signedIn) {
      setDialog('premium');
      if (qrType === 'pdf') switchType('url');
    } else if (!first && isGeneratorType(initialType) && initialType !== qrType) {
      setQrType(initialType);
      setFields(initialFields(initialType, prefill));
      setErrors({});
      setPreview(null);
    }
  }, [initialType, userLoading, signedIn, qrType, prefill, switchType]);

  const setField = (name: string, value: unknown) => {
    setFields((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _removed, ...rest } = current;
      return rest;
    });
  };

  // ---- Live preview for url codes: 1000 ms debounce on the URL, then 500 ms after any change.
  const sessionId = useMemo(() => getSessionId(localStorageOrNull()), []);
  const formRef = useRef(form);
  formRef.current = form;
  const onLivePreview = useRef<(url: string | null) => void>(() => undefined);
  onLivePreview.current = (url) => {
    if (url === null) {
      // Emptied field: back to the placeholder, unless a generated code is on show.
      setPreview((current) => (current && current.qrCodeId === null ? null : current));
      return;
    }
    setPreview({ text: url, dynamic: false, qrCodeId: null });
    if (!signedIn) {
      // A temporary preview for the server's generation log; the picture never waits on it.
      const body = buildGenerateBody({ ...formRef.current, fields: { url } }, { temporary: true });
      void apiRequest('POST', '/api/generate-qrcode', body).catch(() => undefined);
    }
  };
  const livePreview = useMemo(() => createLivePreview((url) => onLivePreview.current(url)), []);
  useEffect(() => () => livePreview.cancel(), [livePreview]);

  const liveActive = qrType === 'url' && effectiveMode === 'static';
  const watchedUrl = liveActive && typeof fields.url === 'string' ? fields.url : '';
  useEffect(() => {
    if (liveActive) livePreview.urlChanged(watchedUrl);
    else livePreview.cancel();
  }, [liveActive, watchedUrl, livePreview]);
  useEffect(() => {
    if (liveActive) livePreview.styleChanged();
    // Only colour and logo changes re-fire; the URL has its own effect above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [effectiveStyle]);

  const rendered = useMemo(
    () => renderPreview(preview?.text ?? null, previewStyle, preview?.dynamic ?? false),
    [preview, previewStyle],
  );
  const svg = rendered.kind === 'svg' ? rendered.svg : null;

  // ---- Generate / save
  const origin = window.location.origin;

  const track = (qrData: string, qrCodeId: string | number | null) => {
    void apiRequest('POST', '/api/track-generation', buildTrackBody(form, qrData, qrCodeId, sessionId)).catch(() => undefined);
  };

  const generateAnonymous = async (validFields: Record<string, unknown>) => {
    try {
      const saved = await apiJson<SavedCode | null>('POST', '/api/generate-qrcode', buildGenerateBody({ ...form, fields: validFields }, { temporary: false }));
      const id = saved?.id ?? null;
      const text = serverPayload(saved) ?? encodePayload(qrType, validFields, { origin, ...(id !== null ? { id: String(id) } : {}) });
      setPreview({ text, dynamic: false, qrCodeId: id });
      track(text, id);
      toast({ title: 'QR Code generated', description: 'Sign in to save it.' });
    } catch {
      toast({ title: 'Error', description: 'There was a problem generating your QR code.', variant: 'destructive' });
    }
  };

  const upload = async (validFields: Record<string, unknown>): Promise<UploadResult | null> => {
    const plan = buildUploadPlan(qrType, validFields);
    return plan ? apiJson<UploadResult>('POST', plan.path, plan.body) : null;
  };

  const saveStatic = async (validFields: Record<string, unknown>) => {
    try {
      const uploaded = await upload(validFields);
      const extra = uploaded ? uploadFields(qrType, uploaded) : {};
      const saved = await apiJson<SavedCode | null>('POST', '/api/qrcodes', buildSaveFormData({ ...form, fields: validFields }, extra));
      const id = saved?.id ?? null;
      // pdf and image pages are addressed by their upload; payment pages by the saved code.
      const contentId = uploaded ? uploaded.id : id;
      const text =
        serverPayload(saved) ?? encodePayload(qrType, validFields, { origin, ...(contentId !== null ? { id: String(contentId) } : {}) });
      setPreview({ text, dynamic: false, qrCodeId: id });
      track(text, id);
      void queryClient.invalidateQueries({ queryKey: ['/api/qrcodes'] });
      toast({ title: 'QR Code generated', description: 'QR Code saved to your account.' });
    } catch {
      toast({ title: 'Error', description: 'There was a problem saving your QR code.', variant: 'destructive' });
    }
  };

  const saveDynamic = async (validFields: Record<string, unknown>) => {
    if (trial && !trial.canCreateDynamicQR) {
      toast({ title: 'Dynamic QR Code limit reached', description: dynamicLimitMessage(trial.dynamicQRLimit ?? 0), variant: 'destructive' });
      return;
    }
    try {
      const uploaded = await upload(validFields);
      const extra = uploaded ? uploadFields(qrType, uploaded) : {};
      const destination = encodePayload(qrType, validFields, { origin, ...(uploaded ? { id: String(uploaded.id) } : {}) });
      if (!isWebDestination(destination)) {
        toast({ title: 'Error', description: 'There was a problem saving your QR code.', variant: 'destructive' });
        return;
      }
      const created = await apiJson<SavedCode & { id: string | number; shortCode: string }>(
        'POST',
        '/api/dynamic-qrcodes',
        buildDynamicFormData({ ...form, fields: validFields }, destination, extra),
      );
      const text = serverPayload(created) ?? `${origin}/d/${created.shortCode}`;
      setPreview({ text, dynamic: true, qrCodeId: created.id });
      track(text, created.id);
      void queryClient.invalidateQueries({ queryKey: ['/api/dynamic-qrcodes'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/trial-status'] });
      toast({ title: 'Dynamic QR Code generated', description: 'Dynamic QR Code saved to your account.' });
    } catch (error) {
      if (errorStatus(error) === 403) {
        const fallback = dynamicLimitMessage(trial?.dynamicQRLimit ?? 0);
        toast({ title: 'Dynamic QR Code limit reached', description: serverMessage(error, fallback), variant: 'destructive' });
        return;
      }
      toast({ title: 'Error', description: 'There was a problem saving your QR code.', variant: 'destructive' });
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    let validateContent: Awaited<ReturnType<typeof loadValidation>>;
    try {
      // The schemas (zod) are not part of the first page load; the form's focus already prefetched them.
      validateContent = await loadValidation();
    } catch {
      toast({ title: 'Error', description: 'There was a problem generating your QR code.', variant: 'destructive' });
      return;
    }
    const verdict = validateContent(qrType, fields);
    const fieldErrors = verdict.ok ? {} : { ...verdict.errors };
    // The pdf form marks its file required (spec section 5) although the rule alone would not.
    if (qrType === 'pdf' && !(fields.pdfFile instanceof File)) fieldErrors.pdfFile = 'Please select a PDF file';
    if (!verdict.ok || Object.keys(fieldErrors).length > 0) {
      setErrors(fieldErrors);
      setTab('purpose');
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      if (!signedIn) await generateAnonymous(verdict.data);
      else if (effectiveMode === 'dynamic') await saveDynamic(verdict.data);
      else await saveStatic(verdict.data);
    } finally {
      setBusy(false);
    }
  };

  const prefetchValidation = useCallback(() => {
    loadValidation().catch(() => undefined);
  }, []);

  // ---- Download
  const afterDownload = () => {
    toast({ title: 'QR Code Downloaded' });
    if (!signedIn) {
      clearTimeout(accountTimer.current);
      accountTimer.current = setTimeout(() => setDialog('account'), ACCOUNT_PROMPT_DELAY_MS);
    }
  };

  const downloadPng = async () => {
    if (!svg) return;
    try {
      saveBlob(await svgToPngBlob(svg), pngFileName(qrType));
      afterDownload();
    } catch (error) {
      const description =
        error instanceof ImageEncodeError ? 'There was a problem saving your QR code image.' : 'There was a problem downloading your QR code.';
      toast({ title: 'Download Failed', description, variant: 'destructive' });
    }
  };

  const downloadSvg = () => {
    if (!svg) return;
    try {
      saveBlob(new Blob([svg], { type: 'image/svg+xml' }), svgFileName(qrType));
      afterDownload();
    } catch {
      toast({ title: 'Download Failed', description: 'There was a problem downloading your QR code.', variant: 'destructive' });
    }
  };

  // ---- Scan tracking: only dynamic codes pass through /d/ where scans are counted, so ON means dynamic.
  const dynamicAllowed = DYNAMIC_CAPABLE.includes(qrType);
  const trackingOn = effectiveMode === 'dynamic';
  const onTrackingClick = () => {
    if (!signedIn) {
      setDialog('analytics');
      return;
    }
    if (!dynamicAllowed) return;
    setMode(trackingOn ? 'static' : 'dynamic');
  };

  const updateStyle = (patch: Partial<QrStyle>) => setStyle((current) => ({ ...current, ...patch }));

  return (
    <Card component="section" aria-labelledby="generator-title" sx={{ width: '100%', maxWidth: 1040, mx: 'auto' }}>
      <CardHeader
        title={
          <Typography id="generator-title" variant="h5" component="h2">
            Generate Your QR Code
          </Typography>
        }
      />
      <CardContent>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          onFocus={prefetchValidation}
          sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 340px' } }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Tabs
              value={tab}
              onChange={(_, next: StepTab) => setTab(next)}
              aria-label="Generator steps"
              variant="fullWidth"
              sx={{ mb: 2, '& .MuiTab-root': { minWidth: 0, px: 1 } }}
              onPointerEnter={prefetchStyleTabs}
              onFocus={prefetchStyleTabs}
            >
              <Tab value="purpose" label="Purpose" id="gen-tab-purpose" aria-controls="gen-panel-purpose" />
              <Tab value="colors" label="Colors" id="gen-tab-colors" aria-controls="gen-panel-colors" />
              <Tab value="logo" label="Logo" id="gen-tab-logo" aria-controls="gen-panel-logo" />
              <Tab value="frame" label="Frame" id="gen-tab-frame" aria-controls="gen-panel-frame" />
            </Tabs>
            <Box role="tabpanel" id={`gen-panel-${tab}`} aria-labelledby={`gen-tab-${tab}`}>
              <Suspense fallback={<Box aria-busy="true" sx={{ minHeight: 240 }} />}>
              {tab === 'purpose' && (
                <PurposeTab qrType={qrType} fields={fields} errors={errors} onTypeRequest={requestType} onFieldChange={setField} />
              )}
              {tab === 'colors' && (
                <ColorsTab
                  style={style}
                  onStyleChange={updateStyle}
                  colorMode={signedIn ? colorMode : 'single'}
                  secondColor={secondColor}
                  onColorMode={setColorMode}
                  onSecondColor={setSecondColor}
                  signedIn={signedIn}
                />
              )}
              {tab === 'logo' && <LogoTab logo={logo} onLogo={setLogo} signedIn={signedIn} />}
              {tab === 'frame' && <FrameTab style={style} onStyleChange={updateStyle} />}
              </Suspense>
            </Box>
          </Box>

          <Stack spacing={2} sx={{ alignItems: 'stretch', minWidth: 0 }}>
            <QrPreview result={rendered} label={`QR code preview: ${QR_TYPE_LABELS[qrType]}`} />
            {effectiveMode === 'dynamic' && !preview?.dynamic && (
              <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
                A dynamic code is drawn once it is created, because it points to its own short link.
              </Typography>
            )}

            {signedIn && (
              <ToggleButtonGroup
                exclusive
                fullWidth
                size="small"
                value={effectiveMode}
                aria-label="QR code mode"
                onChange={(_, next: QrMode | null) => {
                  if (next) setMode(next);
                }}
              >
                <ToggleButton value="static">Static</ToggleButton>
                <ToggleButton value="dynamic" disabled={!dynamicAllowed}>
                  Dynamic
                </ToggleButton>
              </ToggleButtonGroup>
            )}
            {signedIn && !dynamicAllowed && (
              <Typography variant="caption" color="text.secondary">
                Dynamic codes redirect to a web address, so {QR_TYPE_LABELS[qrType]} codes are static.
              </Typography>
            )}

            <FormControlLabel
              control={
                <Switch
                  checked={trackingOn}
                  onChange={onTrackingClick}
                  slotProps={{ input: { 'aria-describedby': 'scan-tracking-state' } }}
                />
              }
              label={
                <span>
                  Scan tracking{' '}
                  <Typography component="span" id="scan-tracking-state" sx={{ fontWeight: 600 }} data-testid="scan-tracking-state">
                    {trackingOn ? 'ON' : 'OFF'}
                  </Typography>
                </span>
              }
            />

            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
              <Button type="submit" variant="contained" size="large" disabled={busy} sx={{ flex: 1, minWidth: 160 }}>
                {busy ? 'Generating...' : 'Generate QR Code'}
              </Button>
              {!signedIn && (
                <Link component={RouterLink} to="/auth" variant="body2" data-testid="generator-sign-in">
                  Sign in to save
                </Link>
              )}
            </Stack>

            <Stack direction="row" spacing={1}>
              <Button variant="outlined" disabled={!svg || busy || framePending} onClick={() => void downloadPng()} sx={{ flex: 1 }}>
                Download PNG
              </Button>
              <Button variant="outlined" disabled={!svg || busy || framePending} onClick={downloadSvg} sx={{ flex: 1 }}>
                Download SVG
              </Button>
            </Stack>
            {!signedIn && svg && (
              <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
                <Link component={RouterLink} to="/auth">
                  Sign in to save it
                </Link>
              </Typography>
            )}
          </Stack>
        </Box>
      </CardContent>
      {dialogsUsed.current && (
        <Suspense fallback={null}>
          <GeneratorDialogs open={dialog} futureType={futureType} onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </Card>
  );
}
