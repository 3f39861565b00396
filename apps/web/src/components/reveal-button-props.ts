import { useLingui } from '@lingui/react/macro';

/**
 * Mantine names the show/hide toggle "Toggle password visibility", which also answers to the
 * label "Password"; a name without that word keeps the field's label unambiguous.
 */
export function useRevealButtonProps() {
  const { t } = useLingui();
  return { 'aria-label': t`Show characters` } as const;
}
