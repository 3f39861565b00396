import { distance } from 'fastest-levenshtein';
import NaiveBayes from 'wink-naive-bayes-text-classifier';
import { ASSISTANT_INTENTS, type TAssistantIntent } from '@pulse/contract/assistant';
import { analyse, isNumberToken, type Analysis } from './analyse';
import { buildGazetteer } from '../../places/gazetteer';
import { TRAINING_PHRASES } from './intents';
import { CURRENCY_WORDS, UNIT_WORDS } from './lexicon';

/**
 * The intent classifier: wink-naive-bayes-text-classifier (binarised multinomial naive Bayes)
 * trained at first use on TRAINING_PHRASES, over features made by wink-nlp: stems of the words,
 * one feature for any product, place, number, unit, money or order number, and the bigrams of
 * those. Training takes a few milliseconds; prediction well under one.
 */

export const ORDER_REF_FEATURE = 'ORDERREF';

/** The places the training phrases name (so "near Kumasi" trains PLACE, not a word). */
const TRAINING_GAZETTEER = buildGazetteer(
  ['Kumasi', 'Ho', 'Tamale', 'Ejisu', 'Cape Coast', 'Madina', 'Bolgatanga', 'Accra', 'Volta', 'Ashanti'].map((name) => ({ name, lat: 0, lng: 0 })),
);

/** A word the classifier never saw, spelt within a typo of one it did ("delivry", "ballance"): that one's stem. */
function correctedStem(word: string, stem: string, known: ReadonlyMap<string, string> | null): string {
  if (!known || known.has(word) || word.length < 5 || !/^\p{L}+$/u.test(word)) return stem;
  const typos = word.length >= 8 ? 2 : 1;
  let best: { stem: string; cost: number } | null = null;
  for (const [normal, knownStem] of known) {
    if (Math.abs(normal.length - word.length) > typos || normal.length < 4) continue;
    const cost = distance(normal, word);
    if (cost <= typos && (!best || cost < best.cost)) best = { stem: knownStem, cost };
  }
  return best?.stem ?? stem;
}

export function features(analysis: Analysis, orderRefTokens: ReadonlySet<number>, known: ReadonlyMap<string, string> | null = null): string[] {
  const unigrams: string[] = [];
  analysis.tokens.forEach((token, index) => {
    if (token.type === 'punctuation' || token.type === 'emoji' || token.type === 'tabCRLF' || token.type === 'spaces') return;
    const place = analysis.placeAt.get(index);
    if (place) {
      if (place.start === index) unigrams.push('PLACE');
      return;
    }
    if (orderRefTokens.has(index) || token.normal === 'orderref') {
      if (unigrams[unigrams.length - 1] !== ORDER_REF_FEATURE) unigrams.push(ORDER_REF_FEATURE);
      return;
    }
    if (isNumberToken(token)) unigrams.push('NUM');
    else if (CURRENCY_WORDS.has(token.normal) || token.type === 'currency') unigrams.push('MONEY');
    else if (token.normal in UNIT_WORDS && token.normal !== 'l' && token.normal !== 'g') unigrams.push('UNIT');
    else if (analysis.productAt.has(index)) unigrams.push('PRODUCT');
    else unigrams.push(correctedStem(token.normal, token.stem, known));
  });
  const all = [...unigrams];
  for (let i = 0; i + 1 < unigrams.length; i += 1) all.push(`${unigrams[i]}_${unigrams[i + 1]}`);
  return all;
}

interface Classifier {
  odds(features: string[]): Array<[TAssistantIntent, number]>;
  /** Stems the classifier learnt (never taken for a product with a typo). */
  vocabulary: ReadonlySet<string>;
  /** Words of the training phrases and their stems (for typos of them). */
  words: ReadonlyMap<string, string>;
}

let classifier: Classifier | null = null;

export function getClassifier(): Classifier {
  if (classifier) return classifier;
  const model = NaiveBayes();
  model.defineConfig({ considerOnlyPresence: true, smoothingFactor: 0.5 });
  const vocabulary = new Set<string>();
  const words = new Map<string, string>();
  const examples: Array<[string[], TAssistantIntent]> = [];
  for (const intent of ASSISTANT_INTENTS) {
    for (const phrase of TRAINING_PHRASES[intent]) {
      const analysis = analyse(phrase, TRAINING_GAZETTEER);
      const tokens = features(analysis, new Set());
      examples.push([tokens, intent]);
      analysis.tokens.forEach((token, index) => {
        if (!analysis.productAt.has(index) && !analysis.placeAt.has(index)) {
          vocabulary.add(token.stem);
          if (token.type === 'word') words.set(token.normal, token.stem);
        }
      });
    }
  }
  for (const [tokens, intent] of examples) model.learn(tokens, intent);
  model.consolidate();
  classifier = {
    odds: (input) => model.computeOdds(input) as Array<[TAssistantIntent, number]>,
    vocabulary,
    words,
  };
  return classifier;
}
