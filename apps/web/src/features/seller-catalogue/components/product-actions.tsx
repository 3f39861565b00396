import { useState } from 'react';
import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArchive, IconExternalLink, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TProductDetails } from '@pulse/contract/products';
import { isApiError } from '../../../lib/api-error';
import { useSingleSubmit } from '../../../lib/use-single-submit';
import { deleteProduct } from '../api/delete-product';
import { sellerProductQueryKey } from '../api/get-seller-product';
import { sellerProductsRootKey } from '../api/get-seller-products';
import { patchProduct } from '../api/patch-product';
import { STATUS_COLORS, STATUS_LABELS } from '../utils/format-product';
import { Trans, useLingui } from '@lingui/react/macro';

function failureMessage(error: unknown): string | null {
  // Outages already have their toast.
  if (isApiError(error) && error.status !== null && error.status < 500) return error.message;
  return null;
}

/** Status, pause / resume, archive (with a confirmation) and a look at the buyer's page. */
export function ProductActions({ product }: { product: TProductDetails }) {
  const { t, i18n } = useLingui();
  const title = product.title;
  const queryClient = useQueryClient();
  const [confirmOpened, confirm] = useDisclosure(false);
  const [message, setMessage] = useState<string | null>(null);
  const { isPending, runOnce } = useSingleSubmit();
  const live = product.status === 'active' || product.status === 'sold_out';

  const refresh = async (updated?: TProductDetails) => {
    if (updated) queryClient.setQueryData(sellerProductQueryKey(product.id), updated);
    else await queryClient.invalidateQueries({ queryKey: sellerProductQueryKey(product.id) });
    void queryClient.invalidateQueries({ queryKey: sellerProductsRootKey });
    void queryClient.invalidateQueries({ queryKey: ['catalogue'] });
  };

  const setStatus = (status: 'active' | 'paused', toast: string) =>
    runOnce(async () => {
      setMessage(null);
      try {
        await refresh(await patchProduct(product.id, { status }));
        notifications.show({ color: 'green', title: toast, message: product.title, autoClose: 5000 });
      } catch (error) {
        setMessage(failureMessage(error));
      }
    });

  const archive = () =>
    runOnce(async () => {
      setMessage(null);
      try {
        await deleteProduct(product.id);
        confirm.close();
        await refresh();
        notifications.show({ color: 'green', title: t`Product archived`, message: t`${title} is no longer listed.`, autoClose: 5000 });
      } catch (error) {
        confirm.close();
        setMessage(failureMessage(error));
      }
    });

  return (
    <Stack gap="xs">
      <Group gap="sm" justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            <Trans>Status</Trans>
          </Text>
          <Badge color={STATUS_COLORS[product.status]} variant="light" data-testid="product-status">
            {i18n._(STATUS_LABELS[product.status])}
          </Badge>
        </Group>
        <Group gap="xs">
          {live && (
            <Button variant="default" size="xs" leftSection={<IconPlayerPause size={16} aria-hidden />} loading={isPending} onClick={() => void setStatus('paused', t`Product paused`)}>
              <Trans>Pause</Trans>
            </Button>
          )}
          {(product.status === 'paused' || product.status === 'draft' || product.status === 'archived') && (
            <Button variant="light" size="xs" leftSection={<IconPlayerPlay size={16} aria-hidden />} loading={isPending} onClick={() => void setStatus('active', t`Product is live`)}>
              {product.status === 'paused' ? <Trans>Resume</Trans> : product.status === 'draft' ? <Trans>Publish</Trans> : <Trans>Relist</Trans>}
            </Button>
          )}
          {product.status !== 'archived' && (
            <Button variant="subtle" color="red" size="xs" leftSection={<IconArchive size={16} aria-hidden />} onClick={confirm.open} disabled={isPending}>
              <Trans>Archive</Trans>
            </Button>
          )}
          <Button component={Link} to={`/product-details/${product.id}`} variant="subtle" size="xs" leftSection={<IconExternalLink size={16} aria-hidden />}>
            <Trans>View as buyer</Trans>
          </Button>
        </Group>
      </Group>
      {message && (
        <Text size="sm" c="red.7" role="alert">
          {message}
        </Text>
      )}
      <Modal opened={confirmOpened} onClose={confirm.close} title={
          <Text fw={700}>
            <Trans>Archive this product?</Trans>
          </Text>
        } centered>
        <Stack gap="md">
          <Text size="sm">
            <Trans>“{title}” will leave your shop and buyers will no longer find it. Past orders and reviews are kept, and you can relist it later.</Trans>
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={confirm.close}>
              <Trans>Keep it</Trans>
            </Button>
            <Button color="red" loading={isPending} onClick={() => void archive()}>
              <Trans>Archive product</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
