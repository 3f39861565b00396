import { sql } from 'drizzle-orm';
import { distance } from 'fastest-levenshtein';
import type { Db } from '../../db/client';
import { BUILT_IN_PRODUCT_WORDS, FILLER_WORDS, NON_PRODUCT_TITLE_WORDS } from './gazetteer-words';

/**
 * The product's own gazetteer: the towns and regions of its farms (seller applications, product
 * origins) and of its addresses, each at the mean of the coordinates seen under that name, plus
 * the words of the catalogue's product titles. General NLP models do not know Ejisu or Bolgatanga;
 * this does, from the live data.
 */

export interface GazetteerPlace {
  /** As written in the data ("Cape Coast"). */
  name: string;
  /** Normalised ("cape coast"). */
  key: string;
  /** Words in the key (multi-word names are matched first). */
  words: number;
  lat: number;
  lng: number;
}

export interface Gazetteer {
  places: ReadonlyMap<string, GazetteerPlace>;
  /** Longest place name in words. */
  maxWords: number;
  /** Lower-case words of product titles plus the built-in produce words. */
  productWords: ReadonlySet<string>;
}

export interface GazetteerEntry {
  name: string;
  lat: number;
  lng: number;
  /** How many places of the data this entry stands for (its weight in the mean); 1 by default. */
  count?: number;
}

/** Lower case, accents dropped, anything but letters and digits as one space. */
export function normalisePlaceName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Groups entries by normalised name and averages their coordinates; adds product-title words. */
export function buildGazetteer(entries: readonly GazetteerEntry[], productTitles: readonly string[] = []): Gazetteer {
  const sums = new Map<string, { name: string; lat: number; lng: number; count: number }>();
  for (const entry of entries) {
    if (!Number.isFinite(entry.lat) || !Number.isFinite(entry.lng)) continue;
    const key = normalisePlaceName(entry.name);
    if (key.length < 2) continue;
    const weight = entry.count ?? 1;
    const sum = sums.get(key) ?? { name: entry.name.trim(), lat: 0, lng: 0, count: 0 };
    sum.lat += entry.lat * weight;
    sum.lng += entry.lng * weight;
    sum.count += weight;
    sums.set(key, sum);
  }
  const places = new Map<string, GazetteerPlace>();
  let maxWords = 1;
  for (const [key, sum] of sums) {
    const words = key.split(' ').length;
    maxWords = Math.max(maxWords, words);
    places.set(key, { name: sum.name, key, words, lat: sum.lat / sum.count, lng: sum.lng / sum.count });
  }
  const productWords = new Set(BUILT_IN_PRODUCT_WORDS);
  for (const title of productTitles) {
    for (const word of normalisePlaceName(title).split(' ')) {
      if (word.length >= 3 && !/\d/.test(word) && !FILLER_WORDS.has(word) && !NON_PRODUCT_TITLE_WORDS.has(word) && !places.has(word)) {
        productWords.add(word);
      }
    }
  }
  return { places, maxWords, productWords };
}

/** "Kumasi, Ashanti" -> the town and the region, each a place at the same coordinates. */
function splitTownAndRegion(row: PlaceRow): GazetteerEntry[] {
  return row.name
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0)
    .map((name) => ({ name, lat: Number(row.lat), lng: Number(row.lng), count: Number(row.n) }));
}

interface PlaceRow {
  name: string;
  lat: number | string;
  lng: number | string;
  n: number | string;
}

async function readRows(db: Db, query: ReturnType<typeof sql>): Promise<PlaceRow[]> {
  const result = (await db.execute(query)) as unknown as { rows: PlaceRow[] };
  return result.rows;
}

/** Reads the gazetteer from the database (no cache: see loadGazetteer). */
export async function readGazetteer(db: Db): Promise<Gazetteer> {
  const [farms, origins, cities, regions, titles] = await Promise.all([
    readRows(db, sql`select region as name, avg(lat)::float8 as lat, avg(lng)::float8 as lng, count(*)::int as n from seller_applications where lat is not null and lng is not null and region <> '' group by region`),
    readRows(db, sql`select origin_region as name, avg(origin_lat)::float8 as lat, avg(origin_lng)::float8 as lng, count(*)::int as n from products where origin_lat is not null and origin_lng is not null and origin_region <> '' and status in ('active', 'paused', 'sold_out') group by origin_region`),
    readRows(db, sql`select city as name, avg(lat)::float8 as lat, avg(lng)::float8 as lng, count(*)::int as n from addresses where lat is not null and lng is not null and city <> '' group by city`),
    readRows(db, sql`select region as name, avg(lat)::float8 as lat, avg(lng)::float8 as lng, count(*)::int as n from addresses where lat is not null and lng is not null and region <> '' group by region`),
    db.execute(sql`select distinct title from products where status in ('active', 'paused', 'sold_out')`) as unknown as Promise<{ rows: Array<{ title: string }> }>,
  ]);
  const entries: GazetteerEntry[] = [];
  for (const row of [...farms, ...origins, ...cities, ...regions]) {
    entries.push(...splitTownAndRegion(row));
  }
  return buildGazetteer(
    entries,
    (titles as { rows: Array<{ title: string }> }).rows.map((row) => row.title),
  );
}

/** After this the next call reads the database again (serving the old copy meanwhile), so new farms' towns show up. */
export const GAZETTEER_MAX_AGE_MS = 5 * 60_000;

const cache = new WeakMap<object, { at: number; gazetteer: Promise<Gazetteer>; reloading: boolean }>();

/**
 * The gazetteer of this database, read once per process and kept; after GAZETTEER_MAX_AGE_MS it
 * is read again in the background. `refreshGazetteer` reads it again now (tests, after seeding).
 */
export function loadGazetteer(db: Db): Promise<Gazetteer> {
  const hit = cache.get(db);
  if (hit) {
    if (!hit.reloading && Date.now() - hit.at > GAZETTEER_MAX_AGE_MS) {
      hit.reloading = true;
      readGazetteer(db).then(
        (fresh) => cache.set(db, { at: Date.now(), gazetteer: Promise.resolve(fresh), reloading: false }),
        () => {
          hit.reloading = false;
          hit.at = Date.now();
        },
      );
    }
    return hit.gazetteer;
  }
  const loading = readGazetteer(db);
  cache.set(db, { at: Date.now(), gazetteer: loading, reloading: false });
  loading.catch(() => cache.delete(db));
  return loading;
}

/** Forgets the cached gazetteer and reads it again. */
export function refreshGazetteer(db: Db): Promise<Gazetteer> {
  cache.delete(db);
  return loadGazetteer(db);
}

/** The most typos accepted in a place name of that length ("Kumassi" for Kumasi; never in "Ho"). */
function allowedTypos(length: number): number {
  if (length < 5) return 0;
  if (length < 9) return 1;
  return 2;
}

export interface PlaceMatch {
  place: GazetteerPlace;
  /** Token indexes [start, end] inclusive. */
  start: number;
  end: number;
}

/**
 * Finds the places in a sequence of token normals: longest names first, exact then with a small
 * typo (Levenshtein via fastest-levenshtein). `skip(i)` tells tokens that cannot be part of a place
 * (already used, stop words for fuzzy matches).
 */
export function findPlaces(
  gazetteer: Gazetteer,
  normals: readonly string[],
  canFuzzy: (index: number) => boolean,
): PlaceMatch[] {
  const used = new Set<number>();
  const matches: PlaceMatch[] = [];
  const words = normals.map((normal) => normalisePlaceName(normal));
  for (let size = Math.min(gazetteer.maxWords, words.length); size >= 1; size -= 1) {
    for (let start = 0; start + size <= words.length; start += 1) {
      let free = true;
      for (let i = start; i < start + size; i += 1) if (used.has(i) || words[i] === '') free = false;
      if (!free) continue;
      const candidate = words.slice(start, start + size).join(' ');
      let place = gazetteer.places.get(candidate) ?? null;
      if (!place) {
        let fuzzyAllowed = true;
        for (let i = start; i < start + size; i += 1) if (!canFuzzy(i)) fuzzyAllowed = false;
        const typos = allowedTypos(candidate.length);
        if (fuzzyAllowed && typos > 0) {
          let best: { place: GazetteerPlace; cost: number } | null = null;
          for (const entry of gazetteer.places.values()) {
            if (entry.words !== size || Math.abs(entry.key.length - candidate.length) > typos) continue;
            if (entry.key[0] !== candidate[0]) continue;
            const cost = distance(entry.key, candidate);
            if (cost <= Math.min(typos, allowedTypos(entry.key.length)) && (!best || cost < best.cost)) best = { place: entry, cost };
          }
          place = best?.place ?? null;
        }
        // A short form that starts one name only ("Bolga" for Bolgatanga).
        if (!place && fuzzyAllowed && size === 1 && candidate.length >= 5) {
          const starting = [...gazetteer.places.values()].filter((entry) => entry.words === 1 && entry.key.length > candidate.length && entry.key.startsWith(candidate));
          if (starting.length === 1) place = starting[0] ?? null;
        }
      }
      if (place) {
        for (let i = start; i < start + size; i += 1) used.add(i);
        matches.push({ place, start, end: start + size - 1 });
      }
    }
  }
  return matches.sort((a, b) => a.start - b.start);
}

/** Whether a word is a product word, exactly or with a small typo ("tomatos", "bananna"). */
export function isProductWord(gazetteer: Gazetteer, word: string): boolean {
  if (word.length < 3 || FILLER_WORDS.has(word)) return false;
  if (gazetteer.productWords.has(word)) return true;
  if (word.length < 5) return false;
  for (const known of gazetteer.productWords) {
    if (known[0] !== word[0] || known.length < 4) continue;
    // One typo; two in words of seven letters or more ("plantian" for plantain).
    const typos = word.length >= 7 && known.length >= 7 ? 2 : 1;
    if (Math.abs(known.length - word.length) > typos) continue;
    if (distance(known, word) <= typos) return true;
  }
  return false;
}
