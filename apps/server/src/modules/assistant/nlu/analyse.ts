import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { findPlaces, isProductWord, type Gazetteer, type PlaceMatch } from '../../places/gazetteer';
import { CATEGORY_WORDS, CURRENCY_WORDS, FILLER_WORDS, NUMBER_WORDS, UNIT_WORDS } from './lexicon';

/**
 * One message read by wink-nlp (tokens, their types, stems, stop words and entities) plus what the
 * gazetteer finds in it (places, product words). Everything else in the NLU works on this.
 */

export interface Token {
  /** Lower-case form from wink-nlp ("what's" is two tokens: "what", "is"). */
  normal: string;
  /** wink-nlp token type: word, number, punctuation, emoji, currency, symbol, unk... */
  type: string;
  stem: string;
  stop: boolean;
}

export interface Entity {
  type: string;
  value: string;
  start: number;
  end: number;
}

export interface Analysis {
  text: string;
  tokens: Token[];
  entities: Entity[];
  places: PlaceMatch[];
  /** Token index -> the place match it belongs to. */
  placeAt: Map<number, PlaceMatch>;
  /** Token indexes that are product words (exact or with a small typo) or category words. */
  productAt: Set<number>;
}

const PLACE_PREPOSITIONS: ReadonlySet<string> = new Set(['near', 'in', 'from', 'around', 'at', 'to', 'towards']);

type Nlp = ReturnType<typeof winkNLP>;
let nlp: Nlp | null = null;

/** wink-nlp with its bundled English model, loaded on first use and kept for the process. */
export function getNlp(): Nlp {
  nlp ??= winkNLP(model);
  return nlp;
}

export function isNumberToken(token: Token): boolean {
  return token.type === 'number' || (token.normal in NUMBER_WORDS && token.normal !== 'a' && token.normal !== 'an' && token.normal !== 'few');
}

/** Reads a message; `skipProduct(word)` tells words never to take for products (the classifier's own words). */
export function analyse(text: string, gazetteer: Gazetteer, skipProduct: (word: string) => boolean = () => false): Analysis {
  const engine = getNlp();
  const its = engine.its;
  const doc = engine.readDoc(text);
  const normals = doc.tokens().out(its.normal) as string[];
  const types = doc.tokens().out(its.type) as string[];
  const stems = doc.tokens().out(its.stem as unknown as typeof its.normal) as string[];
  const stops = doc.tokens().out(its.stopWordFlag) as unknown as boolean[];
  const tokens: Token[] = normals.map((normal, index) => ({
    normal,
    type: types[index] ?? 'word',
    stem: stems[index] ?? normal,
    stop: Boolean(stops[index]),
  }));
  const details = doc.entities().out(its.detail) as unknown as Array<{ value: string; type: string }>;
  const spans = doc.entities().out(its.span) as unknown as Array<[number, number]>;
  const entities: Entity[] = details.map((detail, index) => ({
    type: detail.type,
    value: detail.value,
    start: spans[index]?.[0] ?? 0,
    end: spans[index]?.[1] ?? 0,
  }));

  const plain = (index: number): boolean => {
    const token = tokens[index];
    if (!token || token.type !== 'word' || token.stop) return false;
    return !FILLER_WORDS.has(token.normal) && !(token.normal in UNIT_WORDS) && !CURRENCY_WORDS.has(token.normal);
  };
  const productAt = new Set<number>();
  tokens.forEach((token, index) => {
    if (token.type !== 'word') return;
    if (token.normal in CATEGORY_WORDS) productAt.add(index);
    else if (gazetteer.productWords.has(token.normal)) productAt.add(index);
    else if (plain(index) && !skipProduct(token.stem) && isProductWord(gazetteer, token.normal)) productAt.add(index);
  });
  // "bolga basket", "market baskets": a basket after a product word is the product, not the cart.
  tokens.forEach((token, index) => {
    if ((token.normal === 'basket' || token.normal === 'baskets') && index > 0 && productAt.has(index - 1)) productAt.add(index);
  });
  const places = findPlaces(
    gazetteer,
    normals,
    // A product-title word can still be a place right after "near", "in", "from"... ("baskets from Bolga").
    (index) => plain(index) && (!productAt.has(index) || PLACE_PREPOSITIONS.has(tokens[index - 1]?.normal ?? '')) && !skipProduct(tokens[index]?.stem ?? ''),
  );
  const placeAt = new Map<number, PlaceMatch>();
  for (const match of places) {
    for (let index = match.start; index <= match.end; index += 1) {
      placeAt.set(index, match);
      productAt.delete(index);
    }
  }
  return { text, tokens, entities, places, placeAt, productAt };
}
