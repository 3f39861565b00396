import { describe, expect, it } from 'vitest';
import { isLightColor, luminance } from '@mantine/core';
import { createAppTheme } from './theme';

const theme = createAppTheme('green');
const WHITE = '#ffffff';
const BLACK = '#000000';
const PAGE_GREY = '#f8f9fa';

function contrast(a: string, b: string): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

function shade(name: string, index: number): string {
  const colour = theme.colors?.[name]?.[index];
  if (!colour) throw new Error(`No ${name} ${index} in the theme`);
  return colour;
}

/** The text Mantine puts on a filled fill with autoContrast: black on light fills, white otherwise. */
function textOn(fill: string): string {
  return isLightColor(fill) ? BLACK : WHITE;
}

// WCAG AA for normal text (Lighthouse's colour-contrast audit).
const AA = 4.5;

describe('theme colours pass WCAG AA', () => {
  it.each(['green', 'orange', 'gold'])('%s text (shade 9: prices, active items) reads on white, the page grey and its light tint', (name) => {
    for (const background of [WHITE, PAGE_GREY, shade(name, 0), shade(name, 1)]) {
      expect(contrast(shade(name, 9), background), `${name} 9 on ${background}`).toBeGreaterThanOrEqual(AA);
    }
  });

  it.each(['green', 'orange', 'gold', 'red', 'blue', 'cyan', 'teal', 'yellow'])('%s filled (shade 7) with its text, and light badges (9 on 1)', (name) => {
    const fill = shade(name, 7);
    expect(contrast(textOn(fill), fill), `text on ${name} 7`).toBeGreaterThanOrEqual(AA);
    expect(contrast(shade(name, 9), shade(name, 1)), `${name} 9 on ${name} 1`).toBeGreaterThanOrEqual(AA);
  });
});
