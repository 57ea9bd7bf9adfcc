import { useMemo } from 'react';
import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { readableOnWhite } from '../../ui/readable-color';
import { siteThemeOptions } from '../../ui/theme';
import { DEFAULT_PRIMARY, safeColor, useWhiteLabelConfig, type WhiteLabelConfig } from '../../ui/white-label';

/** react-admin's default theme with the site's brand (the tenant's white-label colours), readable on buttons. */
export function dashboardTheme(config: WhiteLabelConfig | null): RaThemeOptions {
  const site = siteThemeOptions(config);
  const primary = readableOnWhite(safeColor(config?.primaryColor, DEFAULT_PRIMARY));
  return {
    ...defaultTheme,
    ...site,
    palette: {
      ...defaultTheme.palette,
      ...site.palette,
      primary: { main: primary, contrastText: '#ffffff' },
      // MUI's orange carries white text at 3:1; this amber reaches 5:1 (paused chips, the paused badge).
      warning: { main: '#b45309', contrastText: '#ffffff' },
    },
    typography: { ...defaultTheme.typography, ...site.typography },
    components: { ...defaultTheme.components, ...site.components },
  } as RaThemeOptions;
}

export function useDashboardTheme(): RaThemeOptions {
  const { config } = useWhiteLabelConfig();
  return useMemo(() => dashboardTheme(config ?? null), [config]);
}
