import { describe, expect, it } from 'vitest';
import { getPopupShownKey, isPopupShown, markPopupShown } from './popup-shown-flag';

function createMemoryStorage() {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe('popup shown flag', () => {
  it('stores "true" under popupShown_{id}', () => {
    const storage = createMemoryStorage();
    markPopupShown('p1', storage);
    expect(storage.values.get('popupShown_p1')).toBe('true');
    expect(getPopupShownKey('p1')).toBe('popupShown_p1');
  });

  it('keeps one flag per popup', () => {
    const storage = createMemoryStorage();
    markPopupShown('p1', storage);
    expect(isPopupShown('p1', storage)).toBe(true);
    expect(isPopupShown('p2', storage)).toBe(false);
  });

  it('treats unusable storage as never shown instead of failing', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(isPopupShown('p1', broken)).toBe(false);
    expect(() => markPopupShown('p1', broken)).not.toThrow();
  });
});
