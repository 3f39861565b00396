import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadTranslations } from '../../i18n/translator';
import { renderMail } from './mail-render';
import { farmNewOrderMail, orderPlacedMail, type OrderMailFacts } from './order-mail-messages';

/**
 * Writes the receipt and the farm's new-order mail, rendered as they are sent, to HTML files to look
 * at in a browser at phone width (issue 25's screenshots):
 *
 *     npx tsx apps/server/src/modules/mail/mail-preview-cli.ts [out-dir] [language]
 *
 * Default out-dir /tmp/pulse-mail-preview, language en. Sample data only; no database.
 */
async function main(): Promise<void> {
  const outDir = process.argv[2] ?? '/tmp/pulse-mail-preview';
  const language = process.argv[3] ?? 'en';
  await loadTranslations();
  const config = { appName: 'Pulse Market', publicUrl: 'http://localhost:3000' };
  const startsAt = new Date('2026-12-03T09:00:00Z');
  const facts = (fulfilment: 'pickup' | 'delivery'): OrderMailFacts => ({
    orderId: '0193a1b2-7c4d-7e8f-9a0b-1c2d3e4f5a6b',
    shopName: 'Green Valley Farm',
    buyerName: 'ama.mensah',
    fulfilment,
    currency: 'GHS',
    items: [
      { title: 'Heirloom tomatoes', unit: 'kg', quantity: 4, unitPriceMinor: 1250, lineTotalMinor: 5000 },
      { title: 'Garden eggs (local aubergines), freshly picked this morning', unit: 'bunch', quantity: 2, unitPriceMinor: 800, lineTotalMinor: 1600 },
      { title: 'Free-range eggs', unit: 'dozen', quantity: 1, unitPriceMinor: 4500, lineTotalMinor: 4500 },
    ],
    subtotalMinor: 11100,
    deliveryFeeMinor: fulfilment === 'delivery' ? 1500 : 0,
    totalMinor: fulfilment === 'delivery' ? 12600 : 11100,
    confirmationCode: '483920',
    slotStartsAt: startsAt,
    slotEndsAt: new Date(startsAt.getTime() + 3 * 3_600_000),
    pickupPlace: fulfilment === 'pickup' ? 'Green Valley Farm, Ashanti, +233 24 555 0101' : null,
    deliveryAddress: fulfilment === 'delivery' ? 'Ama Mensah, 12 Market Road, Adum, Kumasi, Ashanti' : null,
  });
  const to = { email: 'someone@example.com', language };
  const mails = {
    'receipt-pickup': orderPlacedMail(config, to, facts('pickup')),
    'receipt-delivery': orderPlacedMail(config, to, facts('delivery')),
    'farm-new-order': farmNewOrderMail(config, to, facts('delivery')),
  };
  mkdirSync(outDir, { recursive: true });
  for (const [name, content] of Object.entries(mails)) {
    const rendered = await renderMail(content);
    writeFileSync(join(outDir, `${name}.html`), rendered.html);
    writeFileSync(join(outDir, `${name}.txt`), `Subject: ${rendered.subject}\n\n${rendered.text}`);
    process.stdout.write(`${join(outDir, `${name}.html`)}  (${rendered.subject})\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
