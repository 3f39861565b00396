import { useState } from 'react';
import { Alert, Anchor, Button, Chip, Group, Modal, NumberInput, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCoin } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { currencyDigits, currencySymbol, formatMoney } from '../../../lib/format';
import type { TPost } from '@pulse/contract/hub';
import { isApiError } from '../../../lib/api-error';
import { useAuth } from '../../../lib/auth/use-auth';
import { useIdempotentAttempt } from '../../../lib/use-idempotent-attempt';
import { useSingleSubmit } from '../../../lib/use-single-submit';
import { invalidateWallet } from '../../../lib/wallet-api';
import { hubQueryKeys } from '../api/hub-query-keys';
import { updatePostEverywhere, useTipOptions } from '../api/hub-queries';
import { postTip } from '../api/tips-api';
import { readTipAmount } from '../utils/tip-amount';

interface TipDialogProps {
  post: TPost;
  opened: boolean;
  onClose: () => void;
}

/**
 * Tip the author from the wallet: a preset or a custom amount within the server's bounds. One
 * Idempotency-Key per attempt: pressing "Send tip" again after a lost answer pays once. A short
 * balance (409) shows the ledger's message with a way to top up.
 */
export function TipDialog({ post, opened, onClose }: TipDialogProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const username = post.author.username;
  const { user } = useAuth();
  const options = useTipOptions(opened);
  const [presetMinor, setPresetMinor] = useState<number | null>(null);
  const [custom, setCustom] = useState<number | string>('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<{ message: string; shortBalance: boolean } | null>(null);
  const { keyFor, reset } = useIdempotentAttempt();
  const { isPending, runOnce } = useSingleSubmit();

  const close = () => {
    reset();
    setFormError(null);
    setFieldError(null);
    setPresetMinor(null);
    setCustom('');
    onClose();
  };

  const send = () =>
    void runOnce(async () => {
      if (!options.data) return;
      const chosen = readTipAmount({ presetMinor, custom }, options.data);
      if (chosen.error !== null) {
        setFieldError(chosen.error);
        return;
      }
      setFieldError(null);
      setFormError(null);
      const input = { amountMinor: chosen.amountMinor };
      try {
        const response = await postTip(post.id, input, keyFor({ postId: post.id, ...input }));
        updatePostEverywhere(queryClient, post.id, (item) => ({ ...item, tipTotalMinor: response.tipTotalMinor }));
        void invalidateWallet(queryClient, user?.id ?? null);
        void queryClient.invalidateQueries({ queryKey: hubQueryKeys.postTips(post.id) });
        const amount = formatMoney(response.amountMinor, response.wallet.currency);
        const balance = formatMoney(response.wallet.availableMinor, response.wallet.currency);
        notifications.show({
          color: 'gold',
          title: t`Tip sent`,
          message: t`You tipped ${username} ${amount}. Your balance: ${balance}`,
        });
        close();
      } catch (error) {
        if (!isApiError(error) || error.failure.kind !== 'http' || error.failure.status >= 500) return;
        // A refusal is an answer: the next press is a new attempt.
        reset();
        if (error.fields.amountMinor) setFieldError(error.fields.amountMinor);
        else setFormError({ message: error.message, shortBalance: error.status === 409 });
      }
    });

  const currency = options.data?.currency ?? 'USD';
  const minTip = options.data ? formatMoney(options.data.minMinor, currency) : '';
  const maxTip = options.data ? formatMoney(options.data.maxMinor, currency) : '';
  return (
    <Modal opened={opened} onClose={close} title={t`Tip ${username}`} centered radius="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          <Trans>Say thanks for this post with money from your wallet. It goes straight to {username}.</Trans>
        </Text>
        {options.isPending && <Skeleton height={80} radius="md" />}
        {options.data && (
          <>
            <Chip.Group
              value={presetMinor === null ? '' : String(presetMinor)}
              onChange={(value) => {
                setPresetMinor(value === '' ? null : Number(value));
                setCustom('');
                setFieldError(null);
              }}
            >
              <SimpleGrid cols={4} spacing={8} role="radiogroup" aria-label={t`Tip amount`}>
                {options.data.presetsMinor.map((minor) => (
                  <Chip
                    key={minor}
                    value={String(minor)}
                    variant="outline"
                    size="md"
                    radius="xl"
                    styles={{ root: { width: '100%' }, label: { width: '100%', justifyContent: 'center', paddingInline: 4 }, iconWrapper: { display: 'none' } }}
                  >
                    {formatMoney(minor, currency)}
                  </Chip>
                ))}
              </SimpleGrid>
            </Chip.Group>
            <NumberInput
              label={t`Or another amount`}
              placeholder={t`${minTip} to ${maxTip}`}
              prefix={currencySymbol(currency)}
              decimalScale={currencyDigits(currency)}
              fixedDecimalScale={currencyDigits(currency) > 0}
              allowNegative={false}
              hideControls
              value={custom}
              onChange={(value) => {
                setCustom(value);
                if (value !== '') setPresetMinor(null);
                setFieldError(null);
              }}
              error={fieldError}
            />
          </>
        )}
        {options.isError && (
          <Alert color="red" variant="light">
            <Trans>Could not load the tip amounts. Close this and try again.</Trans>
          </Alert>
        )}
        {formError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            <Text size="sm">{formError.message}</Text>
            {formError.shortBalance && (
              <Anchor component={Link} to="/wallet" size="sm" fw={700} mt={6} display="inline-block">
                <Trans>Top up wallet</Trans>
              </Anchor>
            )}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            <Trans>Cancel</Trans>
          </Button>
          <Button leftSection={<IconCoin size={18} aria-hidden />} onClick={send} loading={isPending} disabled={!options.data}>
            <Trans>Send tip</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
