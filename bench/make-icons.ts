/**
 * The web app's install icons (apps/web/public/icons/), drawn from the brand logo
 * (apps/web/public/brand/logo.svg). The PNG files are committed; run this again after changing the
 * logo: `npm run icons -w @pulse/bench`.
 *
 * - icon-192.png, icon-512.png (purpose "any"): the logo as it is, transparent corners.
 * - icon-maskable-512.png: a launcher crops it to its own shape (circle, squircle...); only the
 *   central circle of 80% of the width is sure to stay, so the whole logo, rounded corners
 *   included, sits inside it on a white square.
 * - apple-touch-icon.png (180x180): iOS fills transparency with black and rounds the corners
 *   itself, so the logo sits on white.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const logoPath = join(root, 'apps/web/public/brand/logo.svg');
const iconsDir = join(root, 'apps/web/public/icons');
const WHITE = { r: 255, g: 255, b: 255, alpha: 1 };

/**
 * Largest share of the icon's width the logo may take so that its farthest point (on a rounded
 * corner) stays inside the maskable safe circle of radius 40%: the logo is a 48-unit square with
 * corners of radius 13, whose farthest point is (24 - 13) * sqrt(2) + 13 units from the centre.
 */
const LOGO_HALF = 24;
const LOGO_CORNER = 13;
const MASKABLE_SCALE = Math.floor(((0.4 * 2 * LOGO_HALF) / ((LOGO_HALF - LOGO_CORNER) * Math.SQRT2 + LOGO_CORNER)) * 100) / 100;

const logo = readFileSync(logoPath);

/** The logo rasterised straight at `size` pixels (an SVG is drawn at its own 48 px otherwise). */
function renderLogo(size: number): Promise<Buffer> {
  return sharp(logo, { density: (72 * size) / 48 })
    .resize(size, size)
    .png()
    .toBuffer();
}

async function writeLogo(size: number, file: string): Promise<void> {
  await sharp(await renderLogo(size)).png({ compressionLevel: 9 }).toFile(join(iconsDir, file));
}

async function writeLogoOnWhite(size: number, logoShare: number, file: string): Promise<void> {
  const logoSize = Math.round(size * logoShare);
  const composed = await sharp({ create: { width: size, height: size, channels: 4, background: WHITE } })
    .composite([{ input: await renderLogo(logoSize), gravity: 'centre' }])
    .png()
    .toBuffer();
  // Opaque on purpose (sharp flattens before it composites, hence the second pass).
  await sharp(composed).flatten({ background: WHITE }).png({ compressionLevel: 9 }).toFile(join(iconsDir, file));
}

mkdirSync(iconsDir, { recursive: true });
await writeLogo(192, 'icon-192.png');
await writeLogo(512, 'icon-512.png');
await writeLogoOnWhite(512, MASKABLE_SCALE, 'icon-maskable-512.png');
await writeLogoOnWhite(180, 0.8, 'apple-touch-icon.png');
console.log(`Icons written to ${iconsDir} (maskable: logo at ${Math.round(MASKABLE_SCALE * 100)}% of the width).`);
