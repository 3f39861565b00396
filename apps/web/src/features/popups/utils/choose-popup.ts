import type { TPopup, TPopupAudience } from '@pulse/contract/popups';

export type ViewerAudience = Exclude<TPopupAudience, 'all'>;

type PopupChoiceFields = Pick<TPopup, 'id' | 'target_audience' | 'updated_at'>;

export function getViewerAudience(isSignedIn: boolean): ViewerAudience {
  return isSignedIn ? 'logged_in' : 'logged_out';
}

/**
 * Spec §4 Popup display and §6: among the popups for this viewer, one aimed at their audience beats
 * one for `all`; within the same rank the most recently updated wins. Null when none is for them.
 */
export function choosePopup<T extends PopupChoiceFields>(popups: readonly T[], audience: ViewerAudience): T | null {
  let best: T | null = null;
  let bestRank = -1;
  let bestUpdatedAt = Number.NEGATIVE_INFINITY;
  for (const popup of popups) {
    const rank = popup.target_audience === audience ? 1 : popup.target_audience === 'all' ? 0 : -1;
    if (rank < 0) continue;
    const updatedAt = Date.parse(popup.updated_at);
    if (rank > bestRank || (rank === bestRank && updatedAt > bestUpdatedAt)) {
      best = popup;
      bestRank = rank;
      bestUpdatedAt = updatedAt;
    }
  }
  return best;
}
