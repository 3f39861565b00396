import type { I18n, MessageDescriptor } from '@lingui/core';

/**
 * The contract's texts for people (zod field messages, error messages both sides show) are Lingui
 * descriptors (`msg` from '@lingui/core/runtime-macro': the web build compiles it as a macro, the
 * server runs it as it is), so they are extracted into the catalogs. zod and the API carry them as
 * their English text; `translateContractMessage` turns such a text back into the reader's language.
 */
const byEnglish = new Map<string, MessageDescriptor>();

/** The English text of a descriptor: its message with `{name}` placeholders filled (no plural/select here). */
export function englishText(descriptor: MessageDescriptor): string {
  const message = descriptor.message ?? descriptor.id;
  const values = descriptor.values ?? {};
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * Registers a message and answers its English text (what zod, the API and the error constants carry):
 * `export const X_MESSAGE = contractMessage(msg\`...\`)`. The server uses it for its own message
 * constants too (tests compare the English texts), and translates them back by this lookup.
 */
export function contractMessage(descriptor: MessageDescriptor): string {
  const text = englishText(descriptor);
  if (!byEnglish.has(text)) byEnglish.set(text, descriptor);
  return text;
}

/** The descriptor of a contract message's English text, if it is one. */
export function contractDescriptor(text: string): MessageDescriptor | undefined {
  return byEnglish.get(text);
}

/**
 * A field or error message in the reader's language: the contract's English text looked up among its
 * descriptors; any other text (already translated by the server, user content) comes back unchanged.
 */
export function translateContractMessage(i18n: I18n, text: string): string {
  const descriptor = byEnglish.get(text);
  return descriptor ? i18n._(descriptor) : text;
}
