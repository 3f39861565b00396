/**
 * The demo's money in the deployment's currency (issue 23). The seed's figures are written in US
 * cents (catalogue prices, top-ups, tips, basket targets); a deployment in cedis, the demo market's
 * own (`npm start`), multiplies them by about what a dollar buys in Accra, so a kilo of garden eggs
 * is tens of cedis, not GH₵3.30. In dollars (the test suites) nothing changes.
 */

/** Minor units of the currency worth one US cent, roughly (GH₵12 to the dollar; 600 F CFA). */
const SCALES: Readonly<Record<string, number>> = { GHS: 12, XOF: 6, XAF: 6 };

export function demoMoneyScale(currency: string): number {
  return SCALES[currency] ?? 1;
}

/** A figure of the demo in US cents, in minor units of `currency`, rounded to `step` of them (never below one step). */
export function demoMinor(usCents: number, currency: string, step = 1): number {
  const scale = demoMoneyScale(currency);
  if (scale === 1) return usCents;
  return Math.max(step, Math.round((usCents * scale) / step) * step);
}

/**
 * A shelf price: `usCents` (already varied per farm) in the currency, rounded as a market board
 * writes it: whole pesewas for a price per gram, 10 pesewas under GH₵10, 50 pesewas above (25 and 5
 * francs for CFA). In dollars, the seed's own rounding (0 or 5 cents).
 */
export function demoPrice(usCents: number, currency: string): number {
  const scale = demoMoneyScale(currency);
  if (scale === 1) return usCents < 20 ? Math.max(1, Math.round(usCents)) : Math.max(5, Math.round(usCents / 5) * 5);
  const raw = usCents * scale;
  if (usCents < 20) return Math.max(1, Math.round(raw));
  const step = scale >= 10 ? (raw >= 1000 ? 50 : 10) : raw >= 500 ? 25 : 5;
  return Math.max(step, Math.round(raw / step) * step);
}

/** A Hub tip of the demo (US cents) as people tip in the currency: GH₵10, 20, 50 (the cedi presets), 600 F CFA. */
export function demoTipMinor(usCents: number, currency: string): number {
  const scale = demoMoneyScale(currency);
  return usCents * (scale >= 10 ? 10 : scale);
}
