import { domainEvents } from './lib/domain-events';
import { registerAdminOrderListeners } from './modules/admin/admin-order-listeners';
import { registerDiscountOrderListeners } from './modules/discounts/discount-order-listeners';
import { registerDeliveryOrderListeners } from './modules/delivery/delivery-order-listeners';
import { registerDocumentMailAttachments } from './modules/documents/documents-mail-attachments';
import { registerAccountMailListeners } from './modules/mail/account-mail-listeners';
import { registerOrderMailListeners } from './modules/mail/order-mail-listeners';
import { registerStandingOrderMailListeners } from './modules/mail/standing-order-mail-listeners';
import { describeTipEntries } from './modules/hub/hub-tips-wallet-memo';
import { registerOrderNotificationListeners } from './modules/notifications/order-notification-listeners';
import { registerStandingCycleTimers } from './modules/standing-orders/standing-cycle-engine';
import { registerStandingOrderNotificationListeners } from './modules/standing-orders/standing-order-notification-listeners';
import { describeReferralEntries } from './modules/referrals/referral-earnings-service';
import { registerReferralOrderListeners } from './modules/referrals/referral-order-listeners';
import { registerWalletEntryDescriber } from './modules/wallet/wallet-entry-describers';

/**
 * Who reacts to what (decision 052), registered once per process from buildApp (registering again
 * replaces, so a second app in the same process changes nothing). The order of the calls is the
 * order listeners of the same event run in: delivery's task before the admin audit row, as before.
 *
 * Mail: the mail module registers here, as in-transaction listeners that write its outbox rows
 * (so a mail is sent only for a change that committed) and an after-commit one that wakes the
 * outbox worker (decision 054).
 * A new reaction (an SMS, a co-op's webhook) is one more listener here.
 */
export function registerDomainListeners(): void {
  registerReferralOrderListeners(domainEvents);
  registerDeliveryOrderListeners(domainEvents);
  registerAdminOrderListeners(domainEvents);
  registerOrderNotificationListeners(domainEvents);
  registerOrderMailListeners(domainEvents);
  registerDiscountOrderListeners(domainEvents);
  registerAccountMailListeners(domainEvents);
  registerDocumentMailAttachments();
  registerStandingCycleTimers(domainEvents);
  registerStandingOrderNotificationListeners(domainEvents);
  registerStandingOrderMailListeners(domainEvents);

  // Wallet history lines of ledger kinds other modules post.
  registerWalletEntryDescriber('hub.tips', describeTipEntries);
  registerWalletEntryDescriber('referrals.earnings', describeReferralEntries);
}
