// Edit after printing (issue 30 item 3): `/dashboard/codes/{id}` edits a saved code with the generator's own tabs,
// `/dashboard/duplicate/{id}` makes a new code from it ('Duplicate and edit'). A dynamic code's content, style, logo
// and name change with If-Match (a stale save says so and offers a reload); its printed pattern, the short link, stays.
// A static code's content is its printed pattern: the screen says so, keeps style and name editable, and offers
// Duplicate and edit. The bodies are built in code-edit.ts.
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import {
  isFrameFontLoaded,
  loadFrameFont,
  loadValidation,
  renderSvg,
  type ErrorCorrectionLevel,
  type QrStyle,
  type QrType,
} from '@qrsharks/qr-core/browser';
import { lazy, Suspense, useEffect, useMemo, useState, type ComponentProps, type FormEvent } from 'react';
import { Title, useDataProvider, useGetOne } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { apiRequest, queryClient, serverMessage } from '../../api/http';
import type { LogoChoice } from '../../generator/generate-request';
import type { ColorMode } from '../../generator/tabs/color-mode';
import type { ColorsTab as GeneratorColorsTab } from '../../generator/tabs/ColorsTab';
import { toast } from '../../ui/toast';
import { usePageTitle } from '../../ui/usePageTitle';
import { CODES, type DashboardCode, type DashboardDataProvider } from '../data-provider';
import { dynamicLimitMessage, TRIAL_STATUS_KEY, useTrialStatus } from '../../ui/trial-status';
import { codeTitle, failureStatus, typeLabel } from './code-text';
import { draftOf, DYNAMIC_CONTENT_NOTE, fieldErrors, STATIC_CONTENT_NOTE, type CodeDraft, type Encode } from './code-edit';
import { svgDataUri } from './files';
import { RoutingPanel } from './RoutingPanel';
import { UtmBuilder } from './UtmBuilder';
import { StaleEditAlert } from './StaleEditAlert';
import { TagsEditor } from './TagsEditor';

// Through the generator card's chunk (see its last lines), so the landing page keeps the tab in its own chunk.
const generatorParts = () => import('../../generator/GeneratorCard');
const PurposeTab = lazy(() => generatorParts().then((module) => ({ default: module.PurposeTab })));

/** qr-core's payload encoder, once loaded (a static copy's preview and a map copy's destination need it). */
function useEncoder(): Encode | null {
  const [encode, setEncode] = useState<{ fn: Encode } | null>(null);
  useEffect(() => {
    let live = true;
    generatorParts().then(
      (module) => {
        if (live) setEncode({ fn: module.encodePayload });
      },
      (error: unknown) => console.error(error),
    );
    return () => {
      live = false;
    };
  }, []);
  return encode?.fn ?? null;
}
type ColorsTabProps = Omit<ComponentProps<typeof GeneratorColorsTab>, 'secondColor'> & { secondColor: string | null };
/** The generator's Colors tab; a code saved with one colour gets the tab's default second colour when it asks for two. */
const ColorsTab = lazy(() =>
  generatorParts()
    .then((module) => module.loadColorsTab())
    .then(({ ColorsTab: Tab, SECOND_COLOR_DEFAULT }) => ({
      default: function SavedCodeColorsTab({ secondColor, onSecondColor, onColorMode, ...props }: ColorsTabProps) {
        const chooseMode = (mode: ColorMode) => {
          if (mode === 'second' && secondColor === null) onSecondColor(SECOND_COLOR_DEFAULT);
          onColorMode(mode);
        };
        return <Tab {...props} secondColor={secondColor ?? SECOND_COLOR_DEFAULT} onSecondColor={onSecondColor} onColorMode={chooseMode} />;
      },
    })),
);
const LogoTab = lazy(() =>
  generatorParts()
    .then((module) => module.loadLogoTab())
    .then((module) => ({ default: module.LogoTab })),
);
const FrameTab = lazy(() =>
  generatorParts()
    .then((module) => module.loadFrameTab())
    .then((module) => ({ default: module.FrameTab })),
);

type Mode = 'edit' | 'copy';
type EditorTab = 'content' | 'colors' | 'logo' | 'frame' | 'routing';
// A switch of four buttons rather than MUI's Tabs: Tabs would be shared with the generator card and split out of its chunk.
const EDITOR_TABS: readonly [EditorTab, string][] = [
  ['content', 'Content'],
  ['colors', 'Colors'],
  ['logo', 'Logo'],
  ['frame', 'Frame'],
];
// Issue 33: a saved dynamic code's routing (rules, split, limits) is edited here too, with its own save.
const ROUTING_TAB: [EditorTab, string] = ['routing', 'Routing'];
const SAVE_FAILED = 'There was a problem saving your QR code.';

export function CodeEdit() {
  return <CodeEditorPage mode="edit" />;
}

export function CodeDuplicate() {
  return <CodeEditorPage mode="copy" />;
}

function CodeEditorPage({ mode }: { mode: Mode }) {
  const { id = '' } = useParams();
  // Read fresh each time the screen opens (no cache kept) and never behind the person's back (focus, reconnect).
  const { data, dataUpdatedAt, error, refetch } = useGetOne<DashboardCode>(
    CODES,
    { id },
    { gcTime: 0, refetchOnWindowFocus: false, refetchOnReconnect: false, retry: false },
  );
  const heading = mode === 'edit' ? 'Edit QR Code' : 'Duplicate and edit';
  usePageTitle(`${heading} - QR Code Sharks`);

  return (
    <Box sx={{ py: 2 }}>
      <Title title={heading} />
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
          {heading}
        </Typography>
        <Button component={RouterLink} to="/dashboard/codes" startIcon={<ArrowBackIcon />}>
          My QR Codes
        </Button>
      </Stack>
      {error && !data && <Alert severity="error">QR code not found</Alert>}
      {!error && !data && <CircularProgress aria-label="Loading the code" />}
      {/* A reload after a stale save starts the editor again from the latest version. */}
      {data && <CodeEditor key={`${data.id}-${dataUpdatedAt}`} code={data} mode={mode} onReload={() => void refetch()} />}
    </Box>
  );
}

/**
 * The saved logo as the Logo tab shows a choice (its file is only sent when it is replaced). The preview is an SVG in
 * an <img>, which loads nothing from outside: the logo is drawn once its bytes are here as a data: URL.
 */
function useKeptLogo(code: DashboardCode): LogoChoice | null {
  const [href, setHref] = useState<string | null>(null);
  const path = code.logoFilePath;
  useEffect(() => {
    if (!path) return;
    let live = true;
    apiRequest('GET', path)
      .then((response) => response.blob())
      .then(
        (blob) =>
          new Promise<string>((resolve, reject) => {
            const reader = new FileReader();
            reader.onload = () => resolve(String(reader.result));
            reader.onerror = () => reject(reader.error ?? new Error('The logo could not be read'));
            reader.readAsDataURL(blob);
          }),
      )
      .then(
        (dataUrl) => {
          if (live) setHref(dataUrl);
        },
        (error: unknown) => console.error(error),
      );
    return () => {
      live = false;
    };
  }, [path]);
  if (!path) return null;
  const name = code.logoFileName ?? 'logo';
  return { source: 'upload', name, href: href ?? path, file: new File([], name) };
}

function useFrameFont(enabled: boolean): boolean {
  const [ready, setReady] = useState(isFrameFontLoaded);
  useEffect(() => {
    if (!enabled || ready) return;
    loadFrameFont().then(
      () => setReady(true),
      (error: unknown) => console.error(error),
    );
  }, [enabled, ready]);
  return ready;
}

interface EditorProps {
  code: DashboardCode;
  mode: Mode;
  onReload: () => void;
}

function CodeEditor({ code, mode, onReload }: EditorProps) {
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const navigate = useNavigate();
  const trial = useTrialStatus();
  const start = useMemo(() => draftOf(code), [code]);
  const dynamic = code.qrMode === 'dynamic';
  // A static code's content is fixed when it is edited; a copy is a new code, so its content is open.
  const contentOpen = dynamic || mode === 'copy';
  const [tab, setTab] = useState<EditorTab>('content');
  const [name, setName] = useState(mode === 'copy' ? `Copy of ${codeTitle(code)}`.slice(0, 100) : start.name);
  const [fields, setFields] = useState(start.fields);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [style, setStyle] = useState<QrStyle>(start.style);
  const [colorMode, setColorMode] = useState<ColorMode>(start.style.gradientColor ? 'second' : 'single');
  const [secondColor, setSecondColor] = useState<string | null>(start.style.gradientColor);
  const keptLogo = useKeptLogo(code);
  const [chosenLogo, setChosenLogo] = useState<LogoChoice | null>(null);
  const [logoChanged, setLogoChanged] = useState(false);
  const logo = logoChanged ? chosenLogo : keptLogo;
  const [stale, setStale] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The code's version: a routing save moves it (one ETag for the code), and the next content save sends the new one.
  const [version, setVersion] = useState(code.version);
  const tabs = dynamic && mode === 'edit' ? [...EDITOR_TABS, ROUTING_TAB] : EDITOR_TABS;
  const fontReady = useFrameFont(style.enableFrame || tab === 'frame');
  const encode = useEncoder();

  const savedStyle: QrStyle = useMemo(
    () => ({ ...style, gradientColor: colorMode === 'second' ? secondColor : null, logo: null }),
    [style, colorMode, secondColor],
  );
  const draft: CodeDraft = {
    name,
    fields,
    style: savedStyle,
    logo: logoChanged ? (logo ? { file: logo.file, name: logo.name } : null) : start.logo,
  };

  // What the printed code encodes: an edit never changes it; a static copy encodes its new content, a dynamic copy
  // gets its own short link once saved (the preview then shows the style only).
  const previewText = useMemo(() => {
    if (mode === 'edit' || dynamic) return code.content ?? '';
    if (!encode) return '';
    try {
      return encode(code.qrType as QrType, fields, { origin: window.location.origin });
    } catch {
      return '';
    }
  }, [mode, dynamic, code, fields, encode]);
  const previewSvg = useMemo(() => {
    if (!previewText) return null;
    try {
      const drawn = { ...savedStyle, logo: logo ? { href: logo.href } : null, enableFrame: savedStyle.enableFrame && fontReady };
      return renderSvg(previewText, drawn, { errorCorrectionLevel: code.errorCorrectionLevel as ErrorCorrectionLevel });
    } catch {
      return null;
    }
  }, [previewText, savedStyle, logo, fontReady, code.errorCorrectionLevel]);

  const setField = (field: string, value: unknown) => {
    setFields((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      const { [field]: _gone, ...rest } = current;
      return rest;
    });
  };

  const failed = (error: unknown) => {
    const status = failureStatus(error);
    if (status === 409 || status === 412) {
      setStale(true);
      return;
    }
    if (status === 403 && mode === 'copy') {
      toast({
        title: 'Dynamic QR Code limit reached',
        description: serverMessage(error, dynamicLimitMessage(trial?.dynamicQRLimit ?? 0)),
        variant: 'destructive',
      });
      return;
    }
    if (status === 400) {
      const byField = fieldErrors(error);
      const contentErrors = Object.fromEntries(Object.entries(byField).filter(([field]) => field in fields));
      setErrors(contentErrors);
      if (Object.keys(contentErrors).length > 0) setTab('content');
      setFailure(serverMessage(error, SAVE_FAILED));
      return;
    }
    console.error('Save failed', error);
    setFailure(SAVE_FAILED);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    if (contentOpen) {
      const verdict = (await loadValidation())(code.qrType as QrType, fields);
      if (!verdict.ok) {
        setErrors(verdict.errors);
        setTab('content');
        return;
      }
    }
    if (mode === 'copy' && dynamic && trial && !trial.canCreateDynamicQR) {
      toast({
        title: 'Dynamic QR Code limit reached',
        description: dynamicLimitMessage(trial.dynamicQRLimit ?? 0),
        variant: 'destructive',
      });
      return;
    }
    setBusy(true);
    try {
      if (mode === 'edit') {
        await dataProvider.edit({ ...code, version }, draft);
        toast({
          title: dynamic ? 'Dynamic QR Code saved' : 'QR Code saved',
          description: 'Your changes were saved. The printed code stays the same.',
        });
      } else {
        if (!encode) throw new Error('The encoder is not loaded yet');
        await dataProvider.duplicateEdited(code, draft, encode);
        void queryClient.invalidateQueries({ queryKey: TRIAL_STATUS_KEY });
        toast({ title: dynamic ? 'Dynamic QR Code saved' : 'QR Code saved', description: 'A new code was added to your codes.' });
      }
      navigate('/dashboard/codes');
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card component="section" aria-labelledby="code-editor-title" sx={{ width: '100%', maxWidth: 1040, mx: 'auto' }}>
      <CardContent>
        <Typography id="code-editor-title" variant="h5" component="h2" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          {mode === 'copy' ? `A new code from “${codeTitle(code)}”` : codeTitle(code)}
        </Typography>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => void submit(event)}
          sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 340px' } }}
        >
          <Box sx={{ minWidth: 0 }}>
            {stale && <StaleEditAlert testId="stale-edit" onReload={onReload} sx={{ mb: 2 }} />}
            {failure && (
              <Alert severity="error" data-testid="save-error" sx={{ mb: 2 }}>
                {failure}
              </Alert>
            )}
            <ToggleButtonGroup
              exclusive
              fullWidth
              size="small"
              value={tab}
              onChange={(_, next: EditorTab | null) => {
                if (next) setTab(next);
              }}
              aria-label="What to edit"
              sx={{ mb: 2 }}
            >
              {tabs.map(([value, label]) => (
                <ToggleButton key={value} value={value} aria-controls="edit-panel">
                  {label}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            <Box id="edit-panel" component="section" aria-label={tabs.find(([value]) => value === tab)?.[1]}>
              <Suspense fallback={<Box aria-busy="true" sx={{ minHeight: 240 }} />}>
                {tab === 'content' && (
                  <Stack spacing={2}>
                    <TextField
                      label="Name (optional)"
                      value={name}
                      onChange={(event) => setName(event.target.value)}
                      helperText="How your dashboard and analytics call this code; left blank, it is named from its content."
                      fullWidth
                      size="small"
                      slotProps={{ htmlInput: { maxLength: 100 } }}
                    />
                    {contentOpen ? (
                      <PurposeTab
                        qrType={code.qrType as QrType}
                        fields={fields}
                        errors={errors}
                        onTypeRequest={() => undefined}
                        onFieldChange={setField}
                        savedCode
                      />
                    ) : (
                      <StaticContent code={code} />
                    )}
                    {/* Issue 33: a dynamic website code's address takes UTM tags (its own query kept). */}
                    {contentOpen && dynamic && code.qrType === 'url' && (
                      <UtmBuilder label="Website URL" value={String(fields.url ?? '')} onApply={(url) => setField('url', url)} />
                    )}
                  </Stack>
                )}
                {tab === 'colors' && (
                  <ColorsTab
                    style={style}
                    onStyleChange={(patch) => setStyle((current) => ({ ...current, ...patch }))}
                    colorMode={colorMode}
                    secondColor={secondColor}
                    onColorMode={setColorMode}
                    onSecondColor={setSecondColor}
                    signedIn
                  />
                )}
                {tab === 'logo' && (
                  <LogoTab
                    logo={logo}
                    onLogo={(next) => {
                      setChosenLogo(next);
                      setLogoChanged(true);
                    }}
                    signedIn
                  />
                )}
                {tab === 'routing' && <RoutingPanel codeId={code.id} onVersion={setVersion} />}
                {tab === 'frame' && <FrameTab style={style} onStyleChange={(patch) => setStyle((current) => ({ ...current, ...patch }))} />}
              </Suspense>
            </Box>
            {mode === 'edit' && <TagsEditor code={{ ...code, version }} onVersion={setVersion} />}
          </Box>

          <Stack spacing={2} sx={{ alignItems: 'center' }}>
            <Box
              sx={{ width: { xs: 192, sm: 280 }, maxWidth: '100%', aspectRatio: '1 / 1', bgcolor: previewSvg ? 'transparent' : 'grey.200' }}
            >
              {previewSvg && (
                <Box
                  component="img"
                  data-testid="edit-preview"
                  src={svgDataUri(previewSvg)}
                  alt={`${typeLabel(code.qrType)} QR code with the new style`}
                  sx={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
                />
              )}
            </Box>
            <Typography
              variant="body2"
              color="text.secondary"
              data-testid="edit-note"
              sx={{ overflowWrap: 'anywhere', textAlign: 'center' }}
            >
              {mode === 'copy'
                ? dynamic
                  ? 'The new code gets its own short link when you save it; this preview shows its style.'
                  : 'Saving makes a new code with this content; the original stays as it is.'
                : dynamic
                  ? `${DYNAMIC_CONTENT_NOTE} ${code.link ?? ''}`
                  : 'The new style applies to future downloads; printed copies stay as they are.'}
            </Typography>
            <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
              {busy ? 'Saving...' : mode === 'copy' ? 'Save as new code' : 'Save changes'}
            </Button>
            <Button component={RouterLink} to="/dashboard/codes" fullWidth>
              Cancel
            </Button>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}

/** A static code's content, fixed by what was printed: said plainly, with the way to a new code from it. */
function StaticContent({ code }: { code: DashboardCode }) {
  return (
    <Alert
      severity="info"
      data-testid="static-content-fixed"
      action={
        <Button component={RouterLink} to={`/dashboard/duplicate/${code.id}`} color="inherit" size="small" startIcon={<ContentCopyIcon />}>
          Duplicate and edit
        </Button>
      }
      sx={{ flexWrap: 'wrap', '& .MuiAlert-action': { pl: 0, ml: 0 } }}
    >
      {STATIC_CONTENT_NOTE}
    </Alert>
  );
}
