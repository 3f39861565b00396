/**
 * Where the delivery map takes its tiles: VITE_MAP_TILE_URL at build time (a {z}/{x}/{y} template),
 * OpenStreetMap's public tiles otherwise. Read plainly, like config/env.ts.
 */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_TILE_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

function setting(value: string | undefined, fallback: string): string {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? fallback : trimmed;
}

export const MAP_TILE_URL = setting(import.meta.env.VITE_MAP_TILE_URL, DEFAULT_TILE_URL);
export const MAP_TILE_ATTRIBUTION = setting(import.meta.env.VITE_MAP_TILE_ATTRIBUTION, DEFAULT_TILE_ATTRIBUTION);
