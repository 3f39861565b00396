import { describe, expect, it, vi } from 'vitest';
import { changeLanguage, sessionLanguageAction, type ChangeLanguageSteps } from './use-change-language';

function recordingSteps(signedIn: boolean, saveFails = false) {
  const calls: string[] = [];
  const steps: ChangeLanguageSteps = {
    activate: (locale) => {
      calls.push(`activate ${locale}`);
      return Promise.resolve();
    },
    store: (locale) => calls.push(`store ${locale}`),
    save: signedIn
      ? (language) => {
          calls.push(`save ${language}`);
          return saveFails ? Promise.reject(new Error('offline')) : Promise.resolve();
        }
      : undefined,
    refetch: () => {
      calls.push('refetch');
      return Promise.resolve();
    },
  };
  return { calls, steps };
}

describe('changeLanguage', () => {
  it('switches, keeps the choice in the browser and on the server, then reads the server texts again', async () => {
    const { calls, steps } = recordingSteps(true);
    await changeLanguage('fr', steps);
    expect(calls).toEqual(['activate fr', 'store fr', 'save fr', 'refetch']);
  });

  it('keeps a visitor’s choice in the browser only', async () => {
    const { calls, steps } = recordingSteps(false);
    await changeLanguage('ak', steps);
    expect(calls).toEqual(['activate ak', 'store ak', 'refetch']);
  });

  it('still switches when the server cannot keep the choice', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { calls, steps } = recordingSteps(true, true);
    await expect(changeLanguage('fr', steps)).resolves.toBeUndefined();
    await Promise.resolve();
    expect(calls).toEqual(['activate fr', 'store fr', 'save fr', 'refetch']);
    expect(error).toHaveBeenCalledWith('Could not keep the language on the server', expect.any(Error));
    error.mockRestore();
  });

  it('does not wait for the server or the refetch: the page has switched already', async () => {
    const { calls, steps } = recordingSteps(true);
    steps.save = () => new Promise(() => undefined);
    steps.refetch = () => new Promise(() => undefined);
    await changeLanguage('ak', steps);
    expect(calls).toEqual(['activate ak', 'store ak']);
  });

  it('never stores the pseudo-locale on the server', async () => {
    const { calls, steps } = recordingSteps(true);
    await changeLanguage('pseudo', steps);
    expect(calls).toEqual(['activate pseudo', 'store pseudo', 'refetch']);
  });

  it('stops before storing anything when the catalog cannot be loaded', async () => {
    const { calls, steps } = recordingSteps(true);
    steps.activate = () => Promise.reject(new Error('chunk failed'));
    await expect(changeLanguage('fr', steps)).rejects.toThrow('chunk failed');
    expect(calls).toEqual([]);
  });
});

describe('sessionLanguageAction', () => {
  it("adopts the user's stored language over the browser's", () => {
    expect(sessionLanguageAction('fr', 'en', null)).toEqual({ kind: 'adopt', locale: 'fr' });
    expect(sessionLanguageAction('ak', 'fr', null)).toEqual({ kind: 'adopt', locale: 'ak' });
  });

  it('stores the language in use on a first sign-in', () => {
    expect(sessionLanguageAction(null, 'fr', null)).toEqual({ kind: 'save', language: 'fr' });
  });

  it('does nothing when they agree, for the pseudo-locale, with ?lang= in the address, or before the user is known', () => {
    expect(sessionLanguageAction('fr', 'fr', null)).toBeNull();
    expect(sessionLanguageAction('fr', 'pseudo', null)).toBeNull();
    expect(sessionLanguageAction(null, 'pseudo', null)).toBeNull();
    expect(sessionLanguageAction('fr', 'en', 'en')).toBeNull();
    expect(sessionLanguageAction(undefined, 'en', null)).toBeNull();
  });
});
