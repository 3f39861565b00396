import { lazy, type ComponentType } from 'react';

/**
 * Mantine's full stylesheet, loaded with every page but the first one (the product listing, whose
 * components are in app/first-load-styles.ts) and with the parts that load on first use.
 * Loaded once; the browser keeps it cached.
 */
export function loadFullStyles(): Promise<unknown> {
  return import('./full-styles-sheet');
}

/** React.lazy for a component that needs Mantine's full stylesheet: both load together. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export function lazyWithFullStyles<T extends ComponentType<any>>(load: () => Promise<T>) {
  return lazy(() => Promise.all([load(), loadFullStyles()]).then(([component]) => ({ default: component })));
}
