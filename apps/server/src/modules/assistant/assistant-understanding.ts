import type { FastifyInstance } from 'fastify';
import type { TAssistantContext } from '@pulse/contract/assistant';
import { loadGazetteer, refreshGazetteer, understand, type Understanding } from './nlu/understand';

/**
 * The seam between the engine and lane A's NLU (modules/assistant/nlu): `understand` over the
 * process's cached gazetteer by default. Tests of the engine may pass their own understanding.
 */

export type { Understanding };

export interface EngineUnderstanding {
  understand(text: string, previous: TAssistantContext | null, options: { now: Date; currency: string }): Understanding;
}

/** New farms and addresses reach the gazetteer within this long (re-read in the background). */
export const GAZETTEER_REFRESH_MS = 10 * 60_000;
const loadedAt = new WeakMap<object, number>();

export async function defaultUnderstanding(app: FastifyInstance): Promise<EngineUnderstanding> {
  const gazetteer = await loadGazetteer(app.db);
  const now = Date.now();
  const since = loadedAt.get(app.db);
  if (since === undefined) {
    loadedAt.set(app.db, now);
  } else if (now - since > GAZETTEER_REFRESH_MS) {
    // This answer uses the cached one; the next ones the fresh one.
    loadedAt.set(app.db, now);
    refreshGazetteer(app.db).catch((error: unknown) => app.log.warn({ err: error }, 'Assistant gazetteer refresh failed'));
  }
  return { understand: (text, previous, options) => understand(text, previous, gazetteer, options) };
}
