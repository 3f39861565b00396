/**
 * Spec §8's "Network Error" for reads the service worker answered from its cache because the
 * network failed (decision 036): the saved data shows, and the person is told once per outage,
 * not on every read of a page they browse offline. An answer from the server ends the outage.
 */
export interface OutageNotice {
  /** A read fell back to saved data because the network failed: true when the toast is due now. */
  takeToastForSavedAnswer(): boolean;
  /** The "Network Error" toast was shown for a call that got no answer at all. */
  toastShown(): void;
  /** The server answered (any status): the connection works again. */
  serverAnswered(): void;
}

export function createOutageNotice(): OutageNotice {
  let told = false;
  return {
    takeToastForSavedAnswer() {
      if (told) return false;
      told = true;
      return true;
    },
    toastShown() {
      told = true;
    },
    serverAnswered() {
      told = false;
    },
  };
}
