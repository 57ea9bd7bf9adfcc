// Shared by the generator card and the (lazily loaded) Colors tab, so the card need not load the tab.
export type ColorMode = 'single' | 'second';

/** The picker's default for the second colour. */
export const SECOND_COLOR_DEFAULT = '#ff00ff';
