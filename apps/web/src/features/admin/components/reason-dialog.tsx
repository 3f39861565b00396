import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { z } from 'zod';
import { getServerFormErrors } from '../../../lib/form-errors';
import { useSingleSubmit } from '../../../lib/use-single-submit';

interface ReasonDialogProps {
  title: string;
  text: string;
  label: string;
  confirmLabel: string;
  color?: string;
  /** The contract's schema of the request body `{ reason }`: its messages show under the field. */
  schema: z.ZodType<{ reason: string }>;
  onConfirm: (reason: string) => Promise<unknown>;
  onClose: () => void;
}

/** Asks for a required reason before a decision (reject, suspend, refuse); sends once however often it is clicked. */
export function ReasonDialog({ title, text, label, confirmLabel, color = 'red', schema, onConfirm, onClose }: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { isPending, runOnce } = useSingleSubmit();
  const { t } = useLingui();

  const submit = () =>
    void runOnce(async () => {
      const parsed = schema.safeParse({ reason });
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message ?? t`Give a reason`);
        return;
      }
      setError(null);
      try {
        await onConfirm(parsed.data.reason);
        onClose();
      } catch (failure) {
        const errors = getServerFormErrors(failure, ['reason']);
        setError(errors.fields.reason ?? errors.form);
      }
    });

  return (
    <Modal opened onClose={onClose} title={title} centered radius="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm">{text}</Text>
          <Textarea
            label={label}
            required
            autosize
            minRows={3}
            maxLength={1000}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              <Trans>Back</Trans>
            </Button>
            <Button type="submit" color={color} loading={isPending}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
