import sharp from 'sharp';
import type { ProduceShape } from './catalogue-data';

export const PRODUCT_IMAGE_WIDTH = 800;
export const PRODUCT_IMAGE_HEIGHT = 600;

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function parseHex(colour: string): [number, number, number] {
  const value = Number.parseInt(colour.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** Mixes the colour with white (amount > 0) or black (amount < 0). */
function shade(colour: string, amount: number): string {
  const target = amount >= 0 ? 255 : 0;
  const weight = Math.abs(amount);
  const channels = parseHex(colour).map((channel) => Math.round(channel + (target - channel) * weight));
  return `#${channels.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

const LEAF_GREEN = '#4e8a3e';

/** One produce shape centred on (0, 0), about `size` pixels across. */
function shapeSvg(shape: ProduceShape, colour: string, size: number): string {
  const s = size / 2;
  const outline = shade(colour, -0.35);
  const light = shade(colour, 0.35);
  const stroke = `stroke="${outline}" stroke-width="${Math.max(2, s * 0.04)}"`;
  switch (shape) {
    case 'round':
      return `<circle r="${s}" fill="${colour}" ${stroke}/>
        <ellipse cx="${-s * 0.35}" cy="${-s * 0.35}" rx="${s * 0.28}" ry="${s * 0.18}" fill="${light}" opacity="0.7" transform="rotate(-35 ${-s * 0.35} ${-s * 0.35})"/>
        <path d="M0 ${-s * 0.95} q ${s * 0.25} ${-s * 0.3} ${s * 0.5} ${-s * 0.15} q ${-s * 0.2} ${s * 0.25} ${-s * 0.5} ${s * 0.15} z" fill="${LEAF_GREEN}"/>`;
    case 'leaf':
      return `<path d="M0 ${s} C ${-s * 0.9} ${s * 0.4}, ${-s * 0.8} ${-s * 0.6}, 0 ${-s} C ${s * 0.8} ${-s * 0.6}, ${s * 0.9} ${s * 0.4}, 0 ${s} z" fill="${colour}" ${stroke}/>
        <path d="M0 ${s} L0 ${-s * 0.8}" stroke="${light}" stroke-width="${s * 0.05}" fill="none"/>
        <path d="M0 ${s * 0.2} L${-s * 0.4} ${-s * 0.15} M0 ${s * 0.2} L${s * 0.4} ${-s * 0.15} M0 ${-s * 0.25} L${-s * 0.3} ${-s * 0.55} M0 ${-s * 0.25} L${s * 0.3} ${-s * 0.55}" stroke="${light}" stroke-width="${s * 0.03}" fill="none"/>`;
    case 'long':
      return `<g transform="rotate(-30)"><rect x="${-s * 0.32}" y="${-s}" width="${s * 0.64}" height="${s * 2}" rx="${s * 0.32}" fill="${colour}" ${stroke}/>
        <rect x="${-s * 0.16}" y="${-s * 0.75}" width="${s * 0.1}" height="${s * 1.2}" rx="${s * 0.05}" fill="${light}" opacity="0.6"/></g>`;
    case 'cluster': {
      const grains: string[] = [];
      const spots = [
        [0, 0], [-0.45, 0.1], [0.45, 0.1], [-0.22, -0.35], [0.22, -0.35], [0, -0.7], [-0.7, 0.45], [0.7, 0.45],
        [-0.25, 0.45], [0.25, 0.45], [0, 0.8], [-0.5, 0.8], [0.5, 0.8], [-0.68, -0.2], [0.68, -0.2],
      ];
      for (const [index, [x = 0, y = 0]] of spots.entries()) {
        grains.push(`<ellipse cx="${x * s}" cy="${y * s}" rx="${s * 0.2}" ry="${s * 0.14}" transform="rotate(${(index * 37) % 180} ${x * s} ${y * s})" fill="${index % 3 === 0 ? light : colour}" ${stroke}/>`);
      }
      return grains.join('');
    }
    case 'egg':
      return `<ellipse rx="${s * 0.72}" ry="${s * 0.95}" fill="${colour}" ${stroke}/>
        <ellipse cx="${-s * 0.25}" cy="${-s * 0.4}" rx="${s * 0.16}" ry="${s * 0.26}" fill="${light}" opacity="0.7"/>`;
    case 'jar':
      return `<rect x="${-s * 0.62}" y="${-s * 0.6}" width="${s * 1.24}" height="${s * 1.55}" rx="${s * 0.2}" fill="${colour}" ${stroke}/>
        <rect x="${-s * 0.7}" y="${-s * 0.95}" width="${s * 1.4}" height="${s * 0.38}" rx="${s * 0.08}" fill="${outline}"/>
        <rect x="${-s * 0.42}" y="${-s * 0.15}" width="${s * 0.84}" height="${s * 0.6}" rx="${s * 0.06}" fill="#fbf8ef" opacity="0.85"/>`;
    case 'bottle':
      return `<path d="M${-s * 0.18} ${-s} h${s * 0.36} v${s * 0.45} q ${s * 0.42} ${s * 0.12} ${s * 0.42} ${s * 0.5} v${s * 0.95} q 0 ${s * 0.1} ${-s * 0.1} ${s * 0.1} h${-s * 0.64} q ${-s * 0.1} 0 ${-s * 0.1} ${-s * 0.1} v${-s * 0.95} q 0 ${-s * 0.38} ${s * 0.42} ${-s * 0.5} z" fill="${colour}" ${stroke}/>
        <rect x="${-s * 0.2}" y="${-s * 1.02}" width="${s * 0.4}" height="${s * 0.16}" rx="${s * 0.04}" fill="${outline}"/>
        <rect x="${-s * 0.3}" y="${s * 0.1}" width="${s * 0.12}" height="${s * 0.6}" rx="${s * 0.06}" fill="${light}" opacity="0.7"/>`;
    case 'fish':
      return `<ellipse rx="${s * 0.8}" ry="${s * 0.42}" fill="${colour}" ${stroke}/>
        <path d="M${s * 0.7} 0 L${s * 1.05} ${-s * 0.38} L${s * 1.05} ${s * 0.38} z" fill="${colour}" ${stroke}/>
        <circle cx="${-s * 0.5}" cy="${-s * 0.08}" r="${s * 0.07}" fill="${outline}"/>
        <path d="M${-s * 0.25} ${-s * 0.3} q ${s * 0.12} ${s * 0.3} 0 ${s * 0.6}" stroke="${outline}" stroke-width="${s * 0.03}" fill="none"/>`;
    case 'cut':
      return `<path d="M${-s * 0.85} ${-s * 0.2} C ${-s * 0.85} ${-s * 0.8}, ${s * 0.1} ${-s * 0.85}, ${s * 0.6} ${-s * 0.55} C ${s * 1.0} ${-s * 0.3}, ${s * 0.95} ${s * 0.45}, ${s * 0.4} ${s * 0.65} C ${-s * 0.2} ${s * 0.85}, ${-s * 0.85} ${s * 0.5}, ${-s * 0.85} ${-s * 0.2} z" fill="${colour}" ${stroke}/>
        <path d="M${-s * 0.5} ${-s * 0.1} C ${-s * 0.2} ${-s * 0.4}, ${s * 0.3} ${-s * 0.35}, ${s * 0.5} ${-s * 0.05}" stroke="${light}" stroke-width="${s * 0.08}" fill="none" stroke-linecap="round" opacity="0.8"/>`;
    case 'pot':
      return `<path d="M${-s * 0.55} ${-s * 0.05} h${s * 1.1} l${-s * 0.15} ${s * 0.95} h${-s * 0.8} z" fill="#b8683e" stroke="#7a4028" stroke-width="${s * 0.04}"/>
        <rect x="${-s * 0.62}" y="${-s * 0.15}" width="${s * 1.24}" height="${s * 0.2}" rx="${s * 0.04}" fill="#a45a34"/>
        <path d="M0 ${-s * 0.15} C ${-s * 0.1} ${-s * 0.5}, ${-s * 0.6} ${-s * 0.7}, ${-s * 0.6} ${-s * 0.95} C ${-s * 0.25} ${-s * 0.9}, 0 ${-s * 0.6}, 0 ${-s * 0.15} z" fill="${colour}" ${stroke}/>
        <path d="M0 ${-s * 0.15} C ${s * 0.1} ${-s * 0.55}, ${s * 0.55} ${-s * 0.75}, ${s * 0.62} ${-s * 1.0} C ${s * 0.25} ${-s * 0.95}, 0 ${-s * 0.6}, 0 ${-s * 0.15} z" fill="${colour}" ${stroke}/>`;
    case 'weave': {
      const lines: string[] = [];
      for (let step = -3; step <= 3; step += 1) {
        lines.push(`<line x1="${step * s * 0.25}" y1="${-s * 0.45}" x2="${step * s * 0.25}" y2="${s * 0.75}" stroke="${outline}" stroke-width="${s * 0.03}" opacity="0.55"/>`);
      }
      for (let step = 0; step < 5; step += 1) {
        lines.push(`<line x1="${-s * 0.85}" y1="${-s * 0.3 + step * s * 0.25}" x2="${s * 0.85}" y2="${-s * 0.3 + step * s * 0.25}" stroke="${light}" stroke-width="${s * 0.07}" opacity="0.7"/>`);
      }
      return `<path d="M${-s * 0.7} ${-s * 0.55} C ${-s * 0.6} ${-s * 1.2}, ${s * 0.6} ${-s * 1.2}, ${s * 0.7} ${-s * 0.55}" stroke="${outline}" stroke-width="${s * 0.1}" fill="none"/>
        <clipPath id="basket"><path d="M${-s * 0.95} ${-s * 0.55} h${s * 1.9} l${-s * 0.2} ${s * 1.35} h${-s * 1.5} z"/></clipPath>
        <path d="M${-s * 0.95} ${-s * 0.55} h${s * 1.9} l${-s * 0.2} ${s * 1.35} h${-s * 1.5} z" fill="${colour}" ${stroke}/>
        <g clip-path="url(#basket)">${lines.join('')}</g>`;
    }
  }
}

/** Splits a title over at most two lines of about `width` characters. */
function wrapTitle(title: string, width: number): string[] {
  const words = title.split(' ');
  const lines: string[] = [''];
  for (const word of words) {
    const current = lines[lines.length - 1] ?? '';
    if (current && `${current} ${word}`.length > width && lines.length < 2) lines.push(word);
    else lines[lines.length - 1] = current ? `${current} ${word}` : word;
  }
  return lines;
}

export interface ProductPicture {
  title: string;
  shape: ProduceShape;
  colour: string;
  /** 0, 1 or 2: one large shape, a group of three, or a close-up. */
  variant: number;
}

/** An 800x600 PNG: pale produce-coloured background, the produce drawn simply, and its name. */
export function productImageSvg({ title, shape, colour, variant }: ProductPicture): string {
  const width = PRODUCT_IMAGE_WIDTH;
  const height = PRODUCT_IMAGE_HEIGHT;
  const background = shade(colour, 0.82);
  const backgroundEdge = shade(colour, 0.68);
  const ink = shade(colour, -0.6);
  let art: string;
  if (variant === 1) {
    art = `<g transform="translate(280 250)">${shapeSvg(shape, colour, 190)}</g>
      <g transform="translate(520 250)">${shapeSvg(shape, shade(colour, 0.12), 190)}</g>
      <g transform="translate(400 330)">${shapeSvg(shape, shade(colour, -0.08), 210)}</g>`;
  } else if (variant === 2) {
    art = `<circle cx="150" cy="110" r="70" fill="${backgroundEdge}" opacity="0.6"/>
      <circle cx="690" cy="430" r="110" fill="${backgroundEdge}" opacity="0.5"/>
      <g transform="translate(400 260) rotate(12)">${shapeSvg(shape, colour, 400)}</g>`;
  } else {
    art = `<ellipse cx="400" cy="430" rx="170" ry="26" fill="${ink}" opacity="0.12"/>
      <g transform="translate(400 255)">${shapeSvg(shape, colour, 300)}</g>`;
  }
  const lines = wrapTitle(title, 28);
  const fontSize = lines.length > 1 ? 38 : 44;
  const text = lines
    .map((line, index) => `<tspan x="400" dy="${index === 0 ? 0 : fontSize * 1.15}">${escapeXml(line)}</tspan>`)
    .join('');
  const textTop = height - 40 - (lines.length - 1) * fontSize * 1.15;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
    <defs><radialGradient id="bg" cx="50%" cy="40%" r="75%"><stop offset="0%" stop-color="${background}"/><stop offset="100%" stop-color="${backgroundEdge}"/></radialGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#bg)"/>
    ${art}
    <rect x="0" y="${textTop - fontSize - 10}" width="${width}" height="${height}" fill="#ffffff" opacity="0.55"/>
    <text x="400" y="${textTop}" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="bold" font-size="${fontSize}" fill="${ink}">${text}</text>
  </svg>`;
}

export async function renderProductImage(picture: ProductPicture): Promise<Buffer> {
  return sharp(Buffer.from(productImageSvg(picture))).png({ compressionLevel: 3 }).toBuffer();
}

function initialsOf(name: string): string {
  const parts = name.split(/[\s_.-]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? parts[0]?.[1] ?? '')).toUpperCase();
}

/** A 400x400 PNG avatar: a coloured disc with the person's initials. */
export async function renderAvatar(name: string, colour: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0%" stop-color="${shade(colour, 0.25)}"/><stop offset="100%" stop-color="${shade(colour, -0.2)}"/></linearGradient></defs>
    <rect width="400" height="400" fill="url(#g)"/>
    <circle cx="320" cy="80" r="90" fill="#ffffff" opacity="0.12"/>
    <text x="200" y="252" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="bold" font-size="150" fill="#ffffff">${escapeXml(initialsOf(name))}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 3 }).toBuffer();
}
