// The generator card ('Generate Your QR Code'): content, style, preview, generate/save and download.
// Anonymous visitors get a client-side preview and a download; signed-in users save static or
// dynamic codes. Every text is from core-product.md sections 2, 4, 5, 7 and 8. The state lives in
// one hook per tab (state/), the gates (which types, what needs an account) in gates.ts.
import { Box, Card, CardContent, CardHeader, Tab, Tabs, TextField, Typography } from '@mui/material';
import type { QrType } from '@qrsharks/qr-core/browser';
import { lazy, Suspense, useMemo, useState, type ComponentType, type KeyboardEvent } from 'react';
import { useUser } from './deps';
import { allowedLogo, mayUseAccountFeatures } from './gates';
import type { GeneratorForm } from './generate-request';
import { useTrialStatus } from './deps';
import { GeneratorOutput } from './GeneratorOutput';
import { useCodeMode } from './state/use-code-mode';
import { useGeneratorDialogs } from './state/use-dialogs';
import { useDownloads } from './state/use-downloads';
import { useGenerate } from './state/use-generate';
import { usePreview } from './state/use-preview';
import { usePurpose } from './state/use-purpose';
import { useStyleTabs } from './state/use-style-tabs';
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

function preventEnterSubmit(event: KeyboardEvent<HTMLElement>) {
  if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
}

/** The custom back-half field's props (issue 33); the dashboard's Create QR Code brings the field itself. */
export interface BackHalfFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** A back-half the last create refused as taken (409): said at once while the field still holds it. */
  taken: string | null;
}

export interface GeneratorCardProps {
  initialType?: QrType;
  prefill?: Record<string, unknown>;
  /** Shown on the Purpose tab while a signed-in person makes a dynamic code; its value is sent as customShortCode. */
  BackHalfField?: ComponentType<BackHalfFieldProps>;
}

type StepTab = 'purpose' | 'colors' | 'logo' | 'frame';

export function GeneratorCard({ initialType, prefill, BackHalfField }: GeneratorCardProps) {
  const { user, isLoading: userLoading } = useUser();
  const signedIn = user !== null;
  const account = mayUseAccountFeatures(signedIn);
  const trial = useTrialStatus(signedIn);
  const [tab, setTab] = useState<StepTab>('purpose');
  const dialogs = useGeneratorDialogs();
  const design = useStyleTabs(signedIn, tab === 'frame');
  const { colors, logo, frame } = design;

  const purpose = usePurpose({ initialType, prefill, signedIn, userLoading, onGate: dialogs.onGate });
  const { qrType, fields } = purpose;
  const codeMode = useCodeMode(qrType, signedIn, () => dialogs.openDialog('analytics'));
  // The owner's name for the code (issue 30 item 1); blank, the code is named from its content.
  const [codeName, setCodeName] = useState('');
  const [backHalf, setBackHalf] = useState('');
  const [takenBackHalf, setTakenBackHalf] = useState<string | null>(null);
  const dynamicSave = signedIn && codeMode.mode === 'dynamic' && BackHalfField !== undefined;

  const form: GeneratorForm = useMemo(
    () => ({
      qrType,
      fields,
      style: design.effectiveStyle,
      mode: codeMode.mode,
      logo: allowedLogo(logo.logo, signedIn),
      name: signedIn ? codeName : '',
      customShortCode: dynamicSave ? backHalf : '',
    }),
    [qrType, fields, design.effectiveStyle, codeMode.mode, logo.logo, signedIn, codeName, dynamicSave, backHalf],
  );
  const { preview, setPreview, rendered, svg } = usePreview(form, design.previewStyle, signedIn);

  const generate = useGenerate({
    form,
    signedIn,
    trial,
    setPreview,
    onInvalid: (errors) => {
      purpose.setErrors(errors);
      setTab('purpose');
    },
    onValid: () => purpose.setErrors({}),
    onBackHalfTaken: setTakenBackHalf,
  });
  const downloads = useDownloads(svg, qrType, signedIn, dialogs.promptAccountLater, (downloadType) =>
    generate.trackDownload(preview?.text ?? '', preview?.qrCodeId ?? null, downloadType),
  );

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
          onSubmit={(event) => void generate.onSubmit(event)}
          onFocus={generate.prefetchValidation}
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
            <Box
              role="tabpanel"
              id={`gen-panel-${tab}`}
              aria-labelledby={`gen-tab-${tab}`}
              // Enter in a style field (a colour's hex, the frame text) must not submit the form and save a code.
              onKeyDown={tab === 'purpose' ? undefined : preventEnterSubmit}
            >
              <Suspense fallback={<Box aria-busy="true" sx={{ minHeight: 240 }} />}>
                {tab === 'purpose' && signedIn && (
                  <TextField
                    label="Name (optional)"
                    value={codeName}
                    onChange={(event) => setCodeName(event.target.value)}
                    helperText="How your dashboard and analytics call this code; left blank, it is named from its content."
                    fullWidth
                    size="small"
                    sx={{ mb: 2 }}
                    slotProps={{ htmlInput: { maxLength: 100 } }}
                  />
                )}
                {tab === 'purpose' && dynamicSave && <BackHalfField value={backHalf} onChange={setBackHalf} taken={takenBackHalf} />}
                {tab === 'purpose' && (
                  <PurposeTab
                    qrType={qrType}
                    fields={fields}
                    errors={purpose.errors}
                    onTypeRequest={purpose.requestType}
                    onFieldChange={purpose.setField}
                  />
                )}
                {tab === 'colors' && (
                  <ColorsTab
                    style={design.style}
                    onStyleChange={colors.onStyleChange}
                    colorMode={account ? colors.colorMode : 'single'}
                    secondColor={colors.secondColor}
                    onColorMode={colors.onColorMode}
                    onSecondColor={colors.onSecondColor}
                    signedIn={account}
                  />
                )}
                {tab === 'logo' && <LogoTab logo={logo.logo} onLogo={logo.onLogo} signedIn={account} />}
                {tab === 'frame' && <FrameTab style={design.style} onStyleChange={frame.onStyleChange} />}
              </Suspense>
            </Box>
          </Box>

          <GeneratorOutput
            qrType={qrType}
            rendered={rendered}
            showsDynamic={preview?.dynamic ?? false}
            signedIn={signedIn}
            mode={codeMode.mode}
            dynamicAllowed={codeMode.dynamicAllowed}
            onMode={codeMode.setMode}
            trackingOn={codeMode.trackingOn}
            onTrackingClick={codeMode.onTrackingClick}
            busy={generate.busy}
            canDownload={Boolean(svg) && !generate.busy && !design.framePending}
            onDownloadPng={() => void downloads.downloadPng()}
            onDownloadSvg={downloads.downloadSvg}
          />
        </Box>
      </CardContent>
      {dialogs.mounted && (
        <Suspense fallback={null}>
          <GeneratorDialogs open={dialogs.open} futureType={dialogs.futureType} onClose={dialogs.close} />
        </Suspense>
      )}
    </Card>
  );
}

// The dashboard's code editor (issue 30 item 3) loads the tabs and the payload encoder through this chunk: imported
// from the dashboard directly, they (and what they share with this card, e.g. MUI's Tabs) would be split out of this
// chunk into chunks of their own, over the landing page's budget.
export { PurposeTab } from './tabs/PurposeTab';
export { encodePayload } from '@qrsharks/qr-core/browser';
export { loadColorsTab, loadFrameTab, loadLogoTab };
