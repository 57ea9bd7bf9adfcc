import { createTheme, type Theme, type ThemeOptions } from '@mui/material/styles';
import { DEFAULT_PRIMARY, DEFAULT_SECONDARY, safeColor, type WhiteLabelConfig } from './white-label';

export function buildTheme(config: WhiteLabelConfig | null): Theme {
  return createTheme(siteThemeOptions(config));
}

/** The site's theme as options, so the dashboard's react-admin theme can start from the same brand. */
export function siteThemeOptions(config: WhiteLabelConfig | null): ThemeOptions {
  const primary = safeColor(config?.primaryColor, DEFAULT_PRIMARY);
  const secondary = safeColor(config?.secondaryColor, DEFAULT_SECONDARY);
  return {
    palette: {
      primary: { main: primary, contrastText: '#ffffff' },
      secondary: { main: secondary, contrastText: '#ffffff' },
      background: { default: '#f8fafc' },
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      button: { textTransform: 'none', fontWeight: 600 },
      h1: { fontWeight: 800 },
      h2: { fontWeight: 800 },
      h3: { fontWeight: 700 },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          ':focus-visible': { outline: `3px solid ${secondary}`, outlineOffset: 2 },
          a: { color: secondary },
        },
      },
      MuiButtonBase: { defaultProps: { disableRipple: false } },
      MuiTooltip: { defaultProps: { enterDelay: 700, enterNextDelay: 300 } },
    },
  };
}
