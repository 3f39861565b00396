import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { IconReceipt } from '@tabler/icons-react';
import type { TCheckoutPaymentResponse } from '@pulse/contract/orders';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useAuth } from '../../../lib/auth/use-auth';
import { formatMoney } from '../../../lib/format';
import { OtpForm, PendingPaymentCard, Waiting } from '../../../components/wallet/top-up-progress';
import { topUpStep } from '../../../lib/wallet/top-up-flow';
import { usePaymentPolling } from '../../../lib/wallet/use-payment-polling';
import { checkoutPaymentQueryKey, postCheckoutPaymentOtp, useCheckoutPayment } from '../api/checkout-payment';

interface CheckoutPaymentProgressProps {
  checkoutId: string;
  /** The number typed for mobile money (where the SMS code went); null after the provider's page. */
  phone: string | null;
  /** Back by the Cancel of the provider's page: the server is asked to give the payment up (it verifies first). */
  cancelled?: boolean;
  /** Once, when the payment is decided: succeeded (the orders are paid), failed or abandoned (the basket is back). */
  onDecided: (response: TCheckoutPaymentResponse) => void;
  /** The buyer stops watching: the payment goes on at the provider; the orders are paid when it confirms. */
  onClose: () => void;
  /** No such checkout payment for this buyer (404). */
  onNotFound: () => void;
}

const paymentOfCheckout = (response: TCheckoutPaymentResponse) => response.payment;

/**
 * A checkout paid through the provider while it waits: the code from the SMS, "Approve the payment
 * on your phone", or "Confirming your payment..." while the basket asks the server every 2 s (each
 * ask verifies with the provider). After 3 minutes of the provider's silence it stops asking and
 * offers "Check again". The wallet's top-up cards and code form, with the checkout's own calls.
 */
export function CheckoutPaymentProgress({ checkoutId, phone, cancelled = false, onDecided, onClose, onNotFound }: CheckoutPaymentProgressProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const { query, payment, timedOut, notFound, checkAgain } = usePaymentPolling({
    useWatched: (poll) => useCheckoutPayment(checkoutId, { poll, cancel: cancelled }),
    paymentOf: paymentOfCheckout,
    onDecided,
    onNotFound,
  });
  const response = query.data;

  if (!response || !payment) {
    if (query.isError && !notFound) return <LoadErrorAlert title={t`Could not check your payment`} onRetry={checkAgain} />;
    return <Waiting icon={<IconReceipt size={20} />} title={cancelled ? t`Cancelling your payment…` : t`Confirming your payment...`} />;
  }
  if (payment.status !== 'pending') return null;

  const amount = formatMoney(payment.amountMinor, response.orders[0]?.currency ?? 'USD');
  const step = topUpStep(payment);
  if (step.kind === 'otp') {
    return (
      <OtpForm
        phone={phone}
        amount={amount}
        onCode={async (input) => {
          queryClient.setQueryData(checkoutPaymentQueryKey(user?.id ?? null, checkoutId), await postCheckoutPaymentOtp(checkoutId, input));
        }}
      />
    );
  }

  return (
    <PendingPaymentCard
      step={step}
      amount={amount}
      timedOut={timedOut}
      stillWaiting={<Trans>Still waiting for the payment provider. Your orders are paid as soon as it confirms.</Trans>}
      checking={query.isFetching}
      onStopWaiting={onClose}
      onCheckAgain={checkAgain}
    />
  );
}
