import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiJson } from '../api/http';
import type { ApiAnswer } from '../api/types';
import { BRAND, brandedTitle } from './branded-title';

export { brandedTitle };

export const DEFAULT_BRAND = BRAND;
export const DEFAULT_PRIMARY = '#3B82F6';
export const DEFAULT_SECONDARY = '#1E40AF';

/** GET /api/white-label/config: the brand of the host the page was loaded from. */
export type WhiteLabelConfig = ApiAnswer<'/api/white-label/config'>;

export const WHITE_LABEL_KEY = ['/api/white-label/config'] as const;

/** Tenant branding: retried 3 times, cached 5 minutes. */
export function useWhiteLabelConfig() {
  const query = useQuery<WhiteLabelConfig>({
    queryKey: WHITE_LABEL_KEY,
    queryFn: async () => {
      try {
        return await apiJson<WhiteLabelConfig>('GET', '/api/white-label/config');
      } catch {
        throw new Error('Failed to fetch white label configuration');
      }
    },
    retry: 3,
    staleTime: 5 * 60 * 1000,
    gcTime: 5 * 60 * 1000,
  });
  return { config: query.data ?? null, isLoading: query.isLoading, error: query.error };
}

const HEX = /^#[0-9a-f]{3}([0-9a-f]{3})?$/i;
export const safeColor = (value: string | null | undefined, fallback: string) => (value && HEX.test(value) ? value : fallback);

/** Applies colours as CSS variables, the favicon, custom CSS and the branded title. */
export function useApplyWhiteLabel(config: WhiteLabelConfig | null) {
  useEffect(() => {
    if (!config) return;
    const root = document.documentElement;
    root.style.setProperty('--primary-color', safeColor(config.primaryColor, DEFAULT_PRIMARY));
    root.style.setProperty('--secondary-color', safeColor(config.secondaryColor, DEFAULT_SECONDARY));

    if (config.customFavicon) {
      let link = document.querySelector<HTMLLinkElement>('link#app-favicon');
      if (!link) {
        link = document.createElement('link');
        link.id = 'app-favicon';
        link.rel = 'icon';
        document.head.appendChild(link);
      }
      link.removeAttribute('type');
      link.href = config.customFavicon;
    }

    let style = document.getElementById('white-label-css');
    if (config.customCSS) {
      if (!style) {
        style = document.createElement('style');
        style.id = 'white-label-css';
        document.head.appendChild(style);
      }
      style.textContent = config.customCSS;
    } else {
      style?.remove();
    }

    // Pages set their own titles (usePageTitle, branded there); a page without one keeps index.html's, branded here.
    if (document.title === DEFAULT_BRAND) document.title = brandedTitle(DEFAULT_BRAND, config);
  }, [config]);
}
