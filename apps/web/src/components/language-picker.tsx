import { useState } from 'react';
import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { useChangeLanguage } from '../lib/i18n/use-change-language';
import { isAppLocale, LANGUAGES } from '../lib/i18n/locales';

// Each language by its own name, as its readers look for it; not translated.
const OPTIONS = LANGUAGES.map(({ locale, name }) => ({ value: locale, label: name }));

/**
 * The language choice (side menu, profile): a native select, compact on a phone and read well by
 * screen readers. The page switches in place; the choice is kept in the browser and, signed in, on the server.
 */
export function LanguagePicker({ className }: { className?: string }) {
  const { t, i18n } = useLingui();
  const changeLanguage = useChangeLanguage();
  const [pending, setPending] = useState(false);
  // The pseudo-locale (tests only) is not listed: it shows as English.
  const value = LANGUAGES.some(({ locale }) => locale === i18n.locale) ? i18n.locale : 'en';

  return (
    <NativeSelect
      className={className}
      label={t`Language`}
      data={OPTIONS}
      value={value}
      disabled={pending}
      leftSection={<IconLanguage size={18} stroke={1.7} aria-hidden />}
      size="md"
      data-testid="language-picker"
      onChange={(event) => {
        const locale = event.currentTarget.value;
        if (!isAppLocale(locale) || locale === i18n.locale) return;
        setPending(true);
        changeLanguage(locale)
          .catch((error: unknown) => console.error('Could not switch the language', error))
          .finally(() => setPending(false));
      }}
    />
  );
}
