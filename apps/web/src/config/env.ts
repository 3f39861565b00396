import { z } from 'zod';

const ZWebEnv = z.object({
  VITE_APP_NAME: z.string().trim().min(1).default('Pulse Market'),
  // Empty means "same origin": the server serves the built app and /api together.
  VITE_API_URL: z.string().default(''),
});

function readWebEnv() {
  const parsed = ZWebEnv.safeParse({
    VITE_APP_NAME: import.meta.env.VITE_APP_NAME || undefined,
    VITE_API_URL: import.meta.env.VITE_API_URL ?? undefined,
  });
  if (!parsed.success) {
    throw new Error(`Invalid web environment: ${parsed.error.issues.map((issue) => issue.path.join('.')).join(', ')}`);
  }
  return parsed.data;
}

const webEnv = readWebEnv();

export const APP_NAME = webEnv.VITE_APP_NAME;
export const API_URL = webEnv.VITE_API_URL.replace(/\/+$/, '');
