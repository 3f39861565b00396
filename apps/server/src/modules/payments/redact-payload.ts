/**
 * What is kept of a provider's body (a webhook, a verify answer): everything but the card's reusable
 * authorization code and its signature. Paystack sends card details masked already (last4, bin,
 * brand); the authorization code would let whoever holds the secret key charge the card again, and
 * the reconciliation page has no use for it.
 */
const SECRET_FIELDS = new Set(['authorization_code', 'signature']);

export function redactProviderPayload(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactProviderPayload(item, depth + 1));
  const kept: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (SECRET_FIELDS.has(key)) continue;
    kept[key] = redactProviderPayload(field, depth + 1);
  }
  return kept;
}
