import { createTheme, type Theme, type ThemeOptions } from '@mui/material/styles';
import { PAGE_BACKGROUND, readableOnWhite } from './readable-color';
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
      // Buttons and text in the brand's colours use a shade that reads (AA, 4.5:1 against white): the default #3B82F6
      // is 3.7:1. Headers and gradients keep the exact colours through the --primary-color/--secondary-color variables.
      primary: { main: readableOnWhite(primary), contrastText: '#ffffff' },
      secondary: { main: readableOnWhite(secondary), contrastText: '#ffffff' },
      background: { default: PAGE_BACKGROUND },
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
      // A spinner is a progressbar to assistive technology and needs a name (react-admin's app-bar loader has none).
      MuiCircularProgress: { defaultProps: { 'aria-label': 'Loading' } },
    },
  };
}
