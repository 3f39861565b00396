import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TPushPermissionState } from './push-permission';

/** Where this browser stands with web push, as the "Turn on notifications" control shows it. */
export type PushButtonState = 'checking' | 'off' | 'working' | 'on' | 'blocked' | 'unsupported' | 'error';

export interface PushButtonView {
  label: MessageDescriptor;
  /** A sentence under the button; null when the label says it all. */
  hint: MessageDescriptor | null;
  /** Clicking does something (turn on, retry, or turn off). */
  actionable: boolean;
}

export const PUSH_BUTTON_VIEWS: Readonly<Record<PushButtonState, PushButtonView>> = {
  checking: { label: msg`Turn on notifications`, hint: null, actionable: false },
  off: { label: msg`Turn on notifications`, hint: msg`Get new messages and updates even when the app is closed.`, actionable: true },
  working: { label: msg`Please wait…`, hint: null, actionable: false },
  on: { label: msg`Turn off notifications`, hint: msg`Notifications are on for this device.`, actionable: true },
  blocked: {
    label: msg`Notifications are blocked`,
    hint: msg`Allow notifications for this site in your browser's settings, then try again.`,
    actionable: false,
  },
  unsupported: { label: msg`Notifications unavailable`, hint: msg`This browser cannot show notifications from the app.`, actionable: false },
  error: { label: msg`Turn on notifications`, hint: msg`Notifications could not be turned on. Try again.`, actionable: true },
};

/** The state after asking to turn notifications on, from the push helper's answer (spec §4). */
export function toPushButtonState(result: TPushPermissionState): PushButtonState {
  switch (result) {
    case 'granted':
      return 'on';
    case 'denied':
      return 'blocked';
    case 'unsupported':
      return 'unsupported';
    case 'error':
      return 'error';
    case 'default':
      // The prompt was dismissed without a choice: the user may still say yes later.
      return 'off';
  }
}
