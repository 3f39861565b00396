import { msg } from '@lingui/core/runtime-macro';
import type { TNotificationCategory } from '@pulse/contract/notification-preferences';
import { translatorFor } from '../../i18n/translator';

const LABELS = {
  orders: msg`Stop e-mails about your orders`,
  shop_orders: msg`Stop e-mails about your shop's orders`,
  deliveries: msg`Stop e-mails about delivery tasks`,
  applications: msg`Stop e-mails about applications`,
  payouts: msg`Stop e-mails about payouts`,
  messages: msg`Stop e-mails about new messages`,
  hub: msg`Stop e-mails from Pulse Hub`,
  announcements: msg`Stop e-mails with announcements`,
} satisfies Record<TNotificationCategory, unknown>;

/** The unsubscribe line under a mail's footer, in the recipient's language. */
export function unsubscribeLabel(language: string, category: TNotificationCategory): string {
  return translatorFor(language)._(LABELS[category]);
}
