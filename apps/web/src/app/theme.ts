import { DEFAULT_THEME, createTheme, type CSSVariablesResolver, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';
import type { AppThemeName } from '../shell/app-theme';

// Ten shades each, lightest first; shade 7 is what filled buttons use, shade 9 text in the mode's
// colour (prices, active items, light badges). Green and orange 7-9 and gold 9 are dark enough for
// 4.5:1 against white, the page's grey and the light tints (WCAG AA; Lighthouse's colour-contrast
// audit); gold 7 is a light fill that takes dark text (autoContrast).
const green: MantineColorsTuple = ['#ecfbf0', '#d8f3df', '#b0e6bf', '#85d89c', '#60cc7e', '#48c56b', '#3abf60', '#177a3b', '#137535', '#0b6e30'];
const orange: MantineColorsTuple = ['#fff3e5', '#ffe6cd', '#ffcb9a', '#ffae63', '#ff9536', '#ff8519', '#ff7c09', '#b14e00', '#a34700', '#9a4300'];
const gold: MantineColorsTuple = ['#fff9e0', '#fff1ca', '#ffe199', '#ffd063', '#ffc236', '#ffb918', '#ffb403', '#e39e00', '#9c6c00', '#8a6100'];

export const APP_THEME_COLORS = { green, orange, gold } as const;

/** Mantine's palette with darker shades 7-9 (filled fills under white text, hover, light-variant text). */
function withDarkerShades(name: 'red' | 'blue' | 'cyan' | 'teal' | 'yellow', shades: [string, string, string]): MantineColorsTuple {
  return [...DEFAULT_THEME.colors[name].slice(0, 7), ...shades] as unknown as MantineColorsTuple;
}

/**
 * Mantine's own red, blue, cyan and teal take white text at shade 7 with 3.1-4.2:1 (count badges,
 * status badges, buttons) and its light badges (shade 9 on shade 1) reach 2.7-4.5:1: darker 7-9 give
 * 5.0-6.1:1 filled and 6.2-7.2:1 light. Yellow keeps its light fills, which take dark text.
 */
const STATE_COLORS = {
  red: withDarkerShades('red', ['#c92a2a', '#b02525', '#a51d1d']),
  blue: withDarkerShades('blue', ['#1864ab', '#155a9a', '#114b82']),
  cyan: withDarkerShades('cyan', ['#0b7285', '#0a6374', '#085565']),
  teal: withDarkerShades('teal', ['#087f5b', '#076e4f', '#066145']),
  yellow: withDarkerShades('yellow', ['#f59f00', '#f08c00', '#8a5a00']),
};

/**
 * Mantine's "dimmed" text (gray 6, 3.3:1 on white) is too faint to read for many people: a darker
 * grey (6.1:1 on white, 5.8:1 on the page background, 5.4:1 on the light tints).
 * Links and `c="<colour>"` text use a colour's primary shade, which for gold is a fill (2.3:1 on
 * white): on Pulse Hub they take gold 9 instead.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    // Form errors in red 6 are 3.3:1 on white.
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    '--mantine-color-gold-text': 'var(--mantine-color-gold-9)',
    ...(theme.primaryColor === 'gold' ? { '--mantine-color-anchor': 'var(--mantine-color-gold-9)' } : {}),
  },
  dark: {},
});

const FONT_STACK = 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export function createAppTheme(themeName: AppThemeName): MantineThemeOverride {
  return createTheme({
    colors: { ...STATE_COLORS, green, orange, gold },
    primaryColor: themeName,
    primaryShade: { light: 7, dark: 6 },
    // Gold is light: filled buttons need dark text to stay readable.
    autoContrast: true,
    defaultRadius: 'md',
    components: {
      // A file field's placeholder is real text (its only text until a file is chosen), drawn in
      // Mantine's placeholder grey at 2.07:1 on white: gray 7 reads 8.2:1 (WCAG 1.4.3, decision 041).
      InputPlaceholder: { styles: { placeholder: { color: 'var(--mantine-color-gray-7)' } } },
    },
    cursorType: 'pointer',
    fontFamily: FONT_STACK,
    headings: {
      fontFamily: FONT_STACK,
      fontWeight: '700',
    },
  });
}
