import { Button } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import classes from './assistant.module.css';

/** Questions to ask in one tap: the starters of an empty chat, or the follow-ups an answer offers. */
export function SuggestionChips({ suggestions, onPick, disabled = false }: { suggestions: readonly string[]; onPick: (text: string) => void; disabled?: boolean }) {
  const { t } = useLingui();
  if (suggestions.length === 0) return null;
  return (
    <div className={classes.chips} role="group" aria-label={t`Suggestions`}>
      {suggestions.map((suggestion) => (
        <Button key={suggestion} className={classes.chip} size="compact-sm" radius="xl" variant="default" disabled={disabled} onClick={() => onPick(suggestion)}>
          {suggestion}
        </Button>
      ))}
    </div>
  );
}
