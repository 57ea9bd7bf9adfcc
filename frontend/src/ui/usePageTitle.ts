import { useEffect } from 'react';

/** Sets the tab title while the page is shown and restores the previous one when it leaves. */
export function usePageTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
