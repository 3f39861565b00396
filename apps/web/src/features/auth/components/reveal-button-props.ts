/**
 * Mantine names the show/hide toggle "Toggle password visibility", which also answers to the
 * label "Password"; a name without that word keeps the field's label unambiguous.
 */
export const REVEAL_BUTTON_PROPS = { 'aria-label': 'Show characters' } as const;
