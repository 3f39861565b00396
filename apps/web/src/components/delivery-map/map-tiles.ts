import L from 'leaflet';
import { t } from '@lingui/core/macro';

/**
 * Where the delivery map takes its tiles: VITE_MAP_TILE_URL at build time (a {z}/{x}/{y} template),
 * OpenStreetMap's public tiles otherwise. Read plainly, like config/env.ts.
 */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const OPENSTREETMAP_LINK = '<a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

function setting(value: string | undefined, fallback: string): string {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? fallback : trimmed;
}

export const MAP_TILE_URL = setting(import.meta.env.VITE_MAP_TILE_URL, DEFAULT_TILE_URL);
/** The tiles' credit in the reader's language, unless the deployment set its own text. */
export function mapTileAttribution(): string {
  return setting(import.meta.env.VITE_MAP_TILE_ATTRIBUTION, t`© ${OPENSTREETMAP_LINK} contributors`);
}

/**
 * Leaflet's own controls speak English ("Zoom in", its link's title): both maps add theirs with the
 * texts from the catalogs, and the tiles' credit.
 */
export function addMapControls(map: L.Map): void {
  L.control.zoom({ zoomInTitle: t`Zoom in`, zoomOutTitle: t`Zoom out` }).addTo(map);
  L.control
    // Markup around a translated title; "Leaflet" is the library's name.
    // eslint-disable-next-line lingui/no-unlocalized-strings
    .attribution({ prefix: `<a href="https://leafletjs.com" title="${t`A JavaScript library for interactive maps`}">Leaflet</a>` })
    .addTo(map);
}
