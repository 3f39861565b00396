import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { formatMoney } from '../../../lib/format';
import { ZOrderActionInput } from '@pulse/contract/orders';
import { useSellerOrderAction } from '../api/post-seller-order-action';
import { ACTION_DONE, describeActionFailure } from '../utils/action-feedback';
import { formatOrderReference } from '../utils/order-reference';

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
  const isContest = answer === 'contest_refund';
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const action = useSellerOrderAction();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (isContest && trimmed === '') {
      setError('Explain why you contest this refund');
      return;
    }
    const parsed = ZOrderActionInput.safeParse({ action: answer, ...(isContest ? { reason: trimmed } : {}) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the reason');
      return;
    }
    setError(null);
    void action
      .run({ orderId, input: parsed.data })
      .then((updated) => {
        if (!updated) return;
        notifications.show({ color: 'green', title: isContest ? 'Refund contested' : 'Refund approved', message: ACTION_DONE[answer] ?? '' });
        onClose();
      })
      .catch((failure: unknown) => setError(describeActionFailure(failure)));
  };

  const title = `${isContest ? 'Contest refund' : 'Approve refund'} · ${formatOrderReference(orderId)}`;
  return (
    <Modal opened onClose={onClose} title={title} centered radius="lg">
      <form onSubmit={submit} noValidate aria-label={isContest ? 'Contest refund' : 'Approve refund'}>
        <Stack gap="md">
          {buyerReason && (
            <Text size="sm">
              <Text span fw={600}>
                {buyerUsername}:
              </Text>{' '}
              “{buyerReason}”
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {isContest
              ? 'Pulse Market support reads both sides and decides. The money stays in escrow until then.'
              : `${formatMoney(amountMinor, currency)} goes back to ${buyerUsername}’s wallet now.`}
          </Text>
          {isContest ? (
            <Textarea
              label="Why do you contest it?"
              placeholder="e.g. The produce was checked with the buyer at pickup"
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
              Back
            </Button>
            <Button type="submit" color={isContest ? 'grape' : 'orange'} loading={action.isPending} onClick={(event) => event.detail > 1 && event.preventDefault()}>
              {isContest ? 'Contest refund' : `Refund ${formatMoney(amountMinor, currency)}`}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
