/** A QR code's modules as the `qrcode` package gives them: `size` × `size`, row by row, 1 for dark. */
export interface QrModules {
  size: number;
  data: ArrayLike<number>;
}

/**
 * One SVG path of the dark modules, a quiet zone of `margin` modules around them: runs of dark
 * modules in a row are one rectangle each, so the path stays short.
 */
export function qrSvgPath({ size, data }: QrModules, margin: number): string {
  const parts: string[] = [];
  for (let row = 0; row < size; row += 1) {
    let col = 0;
    while (col < size) {
      if (!data[row * size + col]) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < size && data[row * size + col]) col += 1;
      // eslint-disable-next-line lingui/no-unlocalized-strings -- SVG path commands, not text
      parts.push(`M${start + margin} ${row + margin}h${col - start}v1h-${col - start}z`);
    }
  }
  return parts.join('');
}
