import type { FastifyInstance } from 'fastify';
import type { TAssistantPlace } from '@pulse/contract/assistant';
import { loadGazetteer, normalisePlaceName } from '../places/gazetteer';

/**
 * A place name (a tool's `near`, e.g. "Kumasi" or "Kumasi, Ashanti") to coordinates through the
 * product's own gazetteer (modules/places/gazetteer.ts: the towns and regions of its farms and
 * addresses, cached per process), so a search costs no extra query.
 */
export async function resolvePlaceName(app: FastifyInstance, name: string): Promise<TAssistantPlace | null> {
  const gazetteer = await loadGazetteer(app.db);
  const candidates = [name, name.split(',')[0] ?? ''].map(normalisePlaceName).filter((key) => key.length >= 2);
  for (const key of candidates) {
    const place = gazetteer.places.get(key);
    if (place) return { name: place.name, lat: place.lat, lng: place.lng };
  }
  const wanted = candidates[0];
  if (wanted && wanted.length >= 3) {
    for (const place of gazetteer.places.values()) if (place.key.startsWith(wanted)) return { name: place.name, lat: place.lat, lng: place.lng };
  }
  return null;
}
