import { describe, expect, it } from 'vitest';
import { SEED_DELIVERIES } from './demo-delivery-seed';

/** What an agent reads on the demo's tasks: a person's name and their own phone number. */
describe('demo delivery recipients', () => {
  it('give each buyer a real name and a phone of their own', () => {
    const phoneOf = new Map<string, string>();
    for (const { buyerEmail, address } of SEED_DELIVERIES) {
      expect(address.recipientName, buyerEmail).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
      expect(phoneOf.get(buyerEmail) ?? address.phone).toBe(address.phone);
      phoneOf.set(buyerEmail, address.phone);
    }
    expect(new Set(phoneOf.values()).size).toBe(phoneOf.size);
  });
});
