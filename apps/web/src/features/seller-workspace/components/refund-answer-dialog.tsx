import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { formatMoney } from '../../../lib/format';
import { ZOrderActionInput } from '@pulse/contract/orders';
import { useSellerOrderAction } from '../api/post-seller-order-action';
import { ACTION_DONE, describeActionFailure } from '../utils/action-feedback';
import { formatOrderReference } from '../utils/order-reference';
import { Trans, useLingui } from '@lingui/react/macro';

export type RefundAnswer = 'approve_refund' | 'contest_refund';

interface RefundAnswerDialogProps {
  orderId: string;
  answer: RefundAnswer;
  buyerUsername: string;
  /** What would go back to the buyer now. */
  amountMinor: number;
  currency: string;
  buyerReason: string | null;
  onClose: () => void;
}

/** Accept a refund request (the money goes back now) or contest it (Pulse Market support decides). */
export function RefundAnswerDialog({ orderId, answer, buyerUsername, amountMinor, currency, buyerReason, onClose }: RefundAnswerDialogProps) {
  const { t, i18n } = useLingui();
  const isContest = answer === 'contest_refund';
  const amount = formatMoney(amountMinor, currency);
  const reference = formatOrderReference(orderId);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const action = useSellerOrderAction();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (isContest && trimmed === '') {
      setError(t`Explain why you contest this refund`);
      return;
    }
    const parsed = ZOrderActionInput.safeParse({ action: answer, ...(isContest ? { reason: trimmed } : {}) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t`Check the reason`);
      return;
    }
    setError(null);
    void action
      .run({ orderId, input: parsed.data })
      .then((updated) => {
        if (!updated) return;
        const done = ACTION_DONE[answer];
        notifications.show({ color: 'green', title: isContest ? t`Refund contested` : t`Refund approved`, message: done ? i18n._(done) : '' });
        onClose();
      })
      .catch((failure: unknown) => setError(describeActionFailure(failure)));
  };

  const title = isContest ? t`Contest refund · ${reference}` : t`Approve refund · ${reference}`;
  return (
    <Modal opened onClose={onClose} title={title} centered radius="lg">
      <form onSubmit={submit} noValidate aria-label={isContest ? t`Contest refund` : t`Approve refund`}>
        <Stack gap="md">
          {buyerReason && (
            <Text size="sm">
              <Trans>
                <Text span fw={600}>
                  {buyerUsername}:
                </Text>{' '}
                “{buyerReason}”
              </Trans>
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {isContest ? (
              <Trans>Pulse Market support reads both sides and decides. The money stays in escrow until then.</Trans>
            ) : (
              <Trans>
                {amount} goes back to {buyerUsername}’s wallet now.
              </Trans>
            )}
          </Text>
          {isContest ? (
            <Textarea
              label={t`Why do you contest it?`}
              placeholder={t`e.g. The produce was checked with the buyer at pickup`}
              required
              autosize
              minRows={3}
              maxLength={1000}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              error={error}
              data-autofocus
            />
          ) : (
            error && (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
                {error}
              </Alert>
            )
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              <Trans>Back</Trans>
            </Button>
            <Button type="submit" color={isContest ? 'grape' : 'orange'} loading={action.isPending} onClick={(event) => event.detail > 1 && event.preventDefault()}>
              {isContest ? <Trans>Contest refund</Trans> : <Trans>Refund {amount}</Trans>}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
