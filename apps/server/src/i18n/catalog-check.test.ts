import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findMissingTranslations } from './catalog-check';

function catalogs(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'pulse-po-'));
  for (const [path, body] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), `msgid ""\nmsgstr ""\n"Language: x\\n"\n\n${body}`);
  }
  return root;
}

describe('the catalog check of npm test', () => {
  it('fails on a French message without a translation and names it', async () => {
    const root = catalogs({
      'fr/basket.po': 'msgid "Checkout"\nmsgstr "Commander"\n\nmsgid "Pay now"\nmsgstr ""\n',
    });
    expect(await findMissingTranslations({ web: root })).toEqual([{ catalog: 'web/basket', locale: 'fr', message: 'Pay now' }]);
  });

  it('asks Twi only for the buying path: a missing Twi admin text falls back to English', async () => {
    const root = catalogs({
      'ak/basket.po': 'msgid "Pay now"\nmsgstr ""\n',
      'ak/admin.po': 'msgid "Audit log"\nmsgstr ""\n',
      'fr/basket.po': 'msgid "Pay now"\nmsgstr "Payer"\n',
    });
    expect(await findMissingTranslations({ web: root })).toEqual([{ catalog: 'web/basket', locale: 'ak', message: 'Pay now' }]);
  });

  it('passes complete catalogs and ignores obsolete entries', async () => {
    const root = catalogs({ 'fr/basket.po': 'msgid "Pay now"\nmsgstr "Payer"\n\n#~ msgid "Old"\n#~ msgstr ""\n' });
    expect(await findMissingTranslations({ web: root })).toEqual([]);
  });
});

describe('one message in two catalogs of a language', () => {
  it('must be translated in both once one translates it (the web merges them into one chunk)', async () => {
    const root = catalogs({
      'ak/catalogue.po': 'msgid "{price} / kg"\nmsgstr "kg baako {price}"\n',
      'ak/seller-catalogue.po': 'msgid "{price} / kg"\nmsgstr ""\n\nmsgid "Archive"\nmsgstr ""\n',
    });
    expect(await findMissingTranslations({ web: root })).toEqual([{ catalog: 'web/seller-catalogue', locale: 'ak', message: '{price} / kg' }]);
  });
});
