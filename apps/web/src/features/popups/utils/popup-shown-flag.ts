/** Spec §9: `popupShown_{popupId}` = "true" in session storage, one flag per popup. */
export function getPopupShownKey(popupId: string): string {
  return `popupShown_${popupId}`;
}

// Storage can throw, even on access (private mode, disabled storage): the popup then shows once per page load.
export function isPopupShown(popupId: string, storage?: Pick<Storage, 'getItem'>): boolean {
  try {
    return (storage ?? window.sessionStorage).getItem(getPopupShownKey(popupId)) === 'true';
  } catch {
    return false;
  }
}

export function markPopupShown(popupId: string, storage?: Pick<Storage, 'setItem'>): void {
  try {
    (storage ?? window.sessionStorage).setItem(getPopupShownKey(popupId), 'true');
  } catch {
    // See isPopupShown.
  }
}
