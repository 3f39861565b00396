import type { I18n } from '@lingui/core';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { loadTranslations, negotiateLocale, translatorFor } from '../i18n/translator';
import type { ServerLocale } from '../i18n/catalogs';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The caller's language: the signed-in user's stored choice, else the request's Accept-Language,
     * else English. Read after `authenticate`/`identify` for the user's choice to count.
     */
    readonly locale: ServerLocale;
    /** The translator of `locale`: `request.i18n._(msg\`...\`)`. */
    readonly i18n: I18n;
  }
}

export function requestLocale(request: FastifyRequest): ServerLocale {
  const stored = (request.user as { language?: string | null } | null)?.language;
  return negotiateLocale(stored ?? undefined) ?? negotiateLocale(request.headers['accept-language']) ?? 'en';
}

/** Texts for people in their language (docs/decisions/046-languages-lingui.md). */
export const i18nPlugin = fp(
  async (app) => {
    await loadTranslations();
    app.decorateRequest('locale', {
      getter(this: FastifyRequest) {
        return requestLocale(this);
      },
    });
    app.decorateRequest('i18n', {
      getter(this: FastifyRequest) {
        return translatorFor(requestLocale(this));
      },
    });
  },
  { name: 'i18n' },
);
