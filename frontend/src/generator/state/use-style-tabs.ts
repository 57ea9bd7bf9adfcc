// The Colors, Logo and Frame tabs' state, one hook per tab, and the style the code is drawn with.
// The account features (second colour, logo) pass through the gates (gates.ts) before they are drawn.
import { DEFAULT_STYLE, isFrameFontLoaded, loadFrameFont, type QrStyle } from '@qrsharks/qr-core/browser';
import { useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import { toast } from '../deps';
import type { LogoChoice } from '../generate-request';
import { allowedStyle } from '../gates';
import { SECOND_COLOR_DEFAULT, type ColorMode } from '../tabs/color-mode';

const patchReducer = (current: Partial<QrStyle>, patch: Partial<QrStyle>): Partial<QrStyle> => ({ ...current, ...patch });

interface ColorsState {
  /** The colours and shapes chosen on the tab (the body, corner and dot options). */
  style: Partial<QrStyle>;
  colorMode: ColorMode;
  secondColor: string;
}

type ColorsAction = { kind: 'style'; patch: Partial<QrStyle> } | { kind: 'mode'; mode: ColorMode } | { kind: 'second'; hex: string };

function colorsReducer(state: ColorsState, action: ColorsAction): ColorsState {
  switch (action.kind) {
    case 'style':
      return { ...state, style: { ...state.style, ...action.patch } };
    case 'mode':
      return { ...state, colorMode: action.mode };
    case 'second':
      return { ...state, secondColor: action.hex };
  }
}

export function useColorsTab() {
  const [state, dispatch] = useReducer(colorsReducer, { style: {}, colorMode: 'single', secondColor: SECOND_COLOR_DEFAULT });
  const onStyleChange = useCallback((patch: Partial<QrStyle>) => dispatch({ kind: 'style', patch }), []);
  const onColorMode = useCallback((mode: ColorMode) => dispatch({ kind: 'mode', mode }), []);
  const onSecondColor = useCallback((hex: string) => dispatch({ kind: 'second', hex }), []);
  return { ...state, onStyleChange, onColorMode, onSecondColor };
}

export function useLogoTab() {
  const [logo, onLogo] = useState<LogoChoice | null>(null);
  return { logo, onLogo };
}

/** The frame options, and its glyph table: a separate chunk fetched when the tab opens or the frame is on. */
export function useFrameTab(tabOpen: boolean) {
  const [style, onStyleChange] = useReducer(patchReducer, {});
  const [fontReady, setFontReady] = useState(isFrameFontLoaded);
  const enableFrame = style.enableFrame ?? DEFAULT_STYLE.enableFrame;
  const wantsFont = enableFrame || tabOpen;
  useEffect(() => {
    if (!wantsFont || fontReady) return;
    let live = true;
    loadFrameFont().then(
      () => {
        if (live) setFontReady(true);
      },
      () => {
        if (live) toast({ title: 'Error', description: 'The frame could not be loaded. Please try again.', variant: 'destructive' });
      },
    );
    return () => {
      live = false;
    };
  }, [wantsFont, fontReady]);
  // Until the font is there the preview (and so the download) is drawn without the frame.
  return { style, onStyleChange, framePending: enableFrame && !fontReady };
}

/** The three style tabs together: what they edit (`style`), and what is drawn and saved. */
export function useStyleTabs(signedIn: boolean, frameTabOpen: boolean) {
  const colors = useColorsTab();
  const logo = useLogoTab();
  const frame = useFrameTab(frameTabOpen);
  const style: QrStyle = useMemo(
    () => ({ ...DEFAULT_STYLE, logo: null, gradientColor: null, ...colors.style, ...frame.style }),
    [colors.style, frame.style],
  );
  const { colorMode, secondColor } = colors;
  // Account features fall away when the session ends (or never existed).
  const effectiveStyle = useMemo(
    () => allowedStyle(style, { colorMode, secondColor, logo: logo.logo }, signedIn),
    [style, colorMode, secondColor, logo.logo, signedIn],
  );
  const { framePending } = frame;
  const previewStyle: QrStyle = useMemo(
    () => (framePending ? { ...effectiveStyle, enableFrame: false } : effectiveStyle),
    [effectiveStyle, framePending],
  );
  return { colors, logo, frame, style, effectiveStyle, previewStyle, framePending };
}
