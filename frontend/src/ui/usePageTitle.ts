import { useEffect } from 'react';
import { brandedTitle, useWhiteLabelConfig } from './white-label';

/**
 * Sets the tab title while the page is shown and restores the previous one when it leaves. The title carries the
 * tenant's brand (brandedTitle): set again once the white-label configuration has loaded.
 */
export function usePageTitle(title: string) {
  const { config } = useWhiteLabelConfig();
  const branded = brandedTitle(title, config);
  useEffect(() => {
    const previous = document.title;
    document.title = branded;
    return () => {
      document.title = previous;
    };
  }, [branded]);
}
