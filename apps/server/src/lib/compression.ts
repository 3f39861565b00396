import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * How the API compresses JSON (docs/decisions/018-compression-and-catalogue-caching.md), shared by
 * @fastify/compress (app.ts, every /api response) and the anonymous catalogue cache, which keeps
 * each cached page compressed once instead of once per request.
 *
 * Levels for work done per response, measured on a 12 KB listing page: gzip 5 about 45 µs (to
 * 21%), brotli 4 about 80 µs (to 20%); brotli's default quality, 11, costs 11 ms. Same size, so
 * gzip first when a client accepts both equally.
 */
export const API_ENCODINGS = ['gzip', 'br'] as const;
export type ApiEncoding = (typeof API_ENCODINGS)[number];

/** Below this a compressed body saves too little to be worth the work. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;
export const GZIP_OPTIONS = { level: 5 };
export const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

export function compressBody(body: Buffer, encoding: ApiEncoding): Buffer {
  return encoding === 'gzip' ? gzipSync(body, GZIP_OPTIONS) : brotliCompressSync(body, BROTLI_OPTIONS);
}

/**
 * The coding to answer an Accept-Encoding header with, as @fastify/compress picks it: the highest
 * q among API_ENCODINGS (`*` stands for any, `x-gzip` for gzip), ties to the first; null when the
 * client accepts none of them.
 */
export function negotiateEncoding(header: string | undefined): ApiEncoding | null {
  if (!header) return null;
  const qualities = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    qualities.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(quality) ? quality : 0);
  }
  let best: ApiEncoding | null = null;
  let bestQuality = 0;
  for (const encoding of API_ENCODINGS) {
    const quality = qualities.get(encoding) ?? qualities.get('*') ?? 0;
    if (quality > bestQuality) {
      best = encoding;
      bestQuality = quality;
    }
  }
  return best;
}
