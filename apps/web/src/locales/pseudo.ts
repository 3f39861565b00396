import type { Messages } from '@lingui/core';

// Every pseudo catalog of the web app in one chunk, loaded when the language is chosen (lib/i18n/i18n.ts).
const catalogs = import.meta.glob<{ messages: Messages }>('./pseudo/*.po', { eager: true });

export const messages: Messages = Object.assign({}, ...Object.values(catalogs).map((catalog) => catalog.messages));
