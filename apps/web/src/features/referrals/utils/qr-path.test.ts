import { describe, expect, it } from 'vitest';
import { create } from 'qrcode';
import { qrSvgPath } from './qr-path';

describe('qrSvgPath', () => {
  it('draws each run of dark modules in a row as one rectangle inside the quiet zone', () => {
    const modules = { size: 3, data: [1, 1, 0, 0, 0, 0, 1, 0, 1] };
    expect(qrSvgPath(modules, 2)).toBe('M2 2h2v1h-2zM2 4h1v1h-1zM4 4h1v1h-1z');
  });

  it('covers exactly the dark modules of a real code of a share link', () => {
    const { modules } = create('https://pulse.market/?ref=KOF-7K2', { errorCorrectionLevel: 'M' });
    const path = qrSvgPath(modules, 4);
    const covered = [...path.matchAll(/h(\d+)v1/g)].reduce((sum, match) => sum + Number(match[1]), 0);
    const dark = Array.from(modules.data).filter(Boolean).length;
    expect(covered).toBe(dark);
    expect(modules.size).toBeGreaterThanOrEqual(21);
  });
});
