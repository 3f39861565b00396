import { useCallback } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TLanguage } from '@pulse/contract/users';
import { apiRequest, reactToNoFailures } from '../api-client';
import { serverChecked } from '../server-checked';
import { useAuth } from '../auth/use-auth';
import { activateLanguage } from './i18n';
import { languageFromUrl, storeLanguage } from './language-choice';
import { activeLocale, type AppLocale, type Language } from './locales';

/** PUT /api/users/me/language: notifications, push and e-mails are written to the user in it. */
/** The contract's ZSetLanguageResponse (not parsed here, to keep zod off the first page). */
interface TSetLanguageResponse {
  language: TLanguage;
}

export async function saveUserLanguage(language: Language): Promise<void> {
  await apiRequest<TSetLanguageResponse>('/api/users/me/language', {
    method: 'PUT',
    body: { language },
    // Kept out of zod on the first page (the sign-in sync runs there); the language shows at once either way.
    schema: serverChecked<TSetLanguageResponse>(),
    // Not being able to keep the choice on the server is no reason to interrupt the person.
    reactTo: reactToNoFailures,
  });
}

export interface ChangeLanguageSteps {
  activate: (locale: AppLocale) => Promise<void>;
  store: (locale: AppLocale) => void;
  /** Only for a signed-in person; undefined for a visitor. */
  save?: (language: Language) => Promise<void>;
  /** Reads the server's texts (notifications, errors) again, now in the new language. */
  refetch: () => Promise<void>;
}

/**
 * Switches the page to a language without reloading it: texts, `<html lang>` and formats change in
 * place (the basket, an open form and the scroll position stay), the choice is kept in the browser
 * and, for a signed-in person, on the server, and what the server wrote is read again (requests
 * carry the new Accept-Language). Resolves once the page has switched; the server call and the
 * refetch go on behind it.
 */
export async function changeLanguage(locale: AppLocale, steps: ChangeLanguageSteps): Promise<void> {
  await steps.activate(locale);
  steps.store(locale);
  if (steps.save && locale !== 'pseudo') {
    steps.save(locale).catch((error: unknown) => console.error('Could not keep the language on the server', error));
  }
  steps.refetch().catch((error: unknown) => console.error('Could not read the server texts again', error));
}

export type SessionLanguageAction = { kind: 'adopt'; locale: Language } | { kind: 'save'; language: Language } | null;

/**
 * What to do once the signed-in user is known: their stored choice wins over the browser's (adopt
 * it); a first sign-in (no choice yet) stores the language in use. The pseudo-locale and a language
 * asked for in the address (?lang=) are left alone for this visit.
 */
export function sessionLanguageAction(userLanguage: Language | null | undefined, active: AppLocale, languageInUrl: AppLocale | null): SessionLanguageAction {
  if (active === 'pseudo' || languageInUrl !== null || userLanguage === undefined) return null;
  if (userLanguage === null) return { kind: 'save', language: active };
  return userLanguage === active ? null : { kind: 'adopt', locale: userLanguage };
}

/** `(locale) => Promise<void>`: the language choice of the side menu and the profile. */
export function useChangeLanguage(): (locale: AppLocale) => Promise<void> {
  const queryClient = useQueryClient();
  const { isAuthenticated } = useAuth();
  return useCallback(
    (locale: AppLocale) =>
      changeLanguage(locale, {
        activate: activateLanguage,
        store: storeLanguage,
        save: isAuthenticated ? saveUserLanguage : undefined,
        refetch: () => queryClient.invalidateQueries(),
      }),
    [queryClient, isAuthenticated],
  );
}

/**
 * What useSessionLanguage (use-session-language.ts) does once the signed-in user is known, loaded
 * only when there is something to do: adopt their language, or store the one in use.
 */
export async function applySessionLanguage(userLanguage: Language | null, queryClient: QueryClient): Promise<void> {
  const action = sessionLanguageAction(userLanguage, activeLocale(), languageFromUrl(window.location.search));
  if (action?.kind === 'adopt') {
    await changeLanguage(action.locale, { activate: activateLanguage, store: storeLanguage, refetch: () => queryClient.invalidateQueries() });
  } else if (action?.kind === 'save') {
    await saveUserLanguage(action.language);
  }
}
