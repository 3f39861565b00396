import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TStandingOrderDetail } from '@pulse/contract/standing-orders';
import { isApiError } from '../../../lib/api-error';
import { useUpdateStandingOrder } from '../api/standing-orders';
import { toUpdateRequest, valuesFromDetail } from '../utils/standing-order-form';
import { StandingOrderFields } from './standing-order-fields';

function ChangeForm({ detail, onDone }: { detail: TStandingOrderDetail; onDone: () => void }) {
  const { t } = useLingui();
  const update = useUpdateStandingOrder(detail.id);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: valuesFromDetail(detail),
    validate: {
      addressId: (value, values) => (values.fulfilment === 'delivery' && value === null ? t`Choose a delivery address.` : null),
      // Another method needs a slot of that method.
      firstSlotId: (value, values) => (values.fulfilment !== detail.fulfilment && value === null ? t`Choose a day and time` : null),
    },
  });
  const submit = form.onSubmit(async (values) => {
    const request = toUpdateRequest(detail, values);
    if (!request) {
      onDone();
      return;
    }
    setError(null);
    try {
      await update.mutateAsync(request);
      onDone();
    } catch (failure) {
      if (!isApiError(failure) || failure.status === null || failure.status >= 500) return;
      form.setErrors(failure.fields);
      setError(failure.message);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <StandingOrderFields form={form} sellerUserId={detail.sellerUserId} shopName={detail.shopName} currency={detail.currency} slotRequired={false} />
        {error && (
          <Alert color="red" variant="light">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            <Trans>Back</Trans>
          </Button>
          <Button type="submit" loading={update.isPending}>
            <Trans>Save changes</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Change": products and quantities, pickup or delivery, day and time, rhythm; from the next cycle not yet ordered. */
export function ChangeStandingOrderDialog({ detail, opened, onClose }: { detail: TStandingOrderDetail; opened: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal opened={opened} onClose={onClose} title={t`Change your weekly basket`} size="lg" fullScreen={phone === true}>
      {opened && <ChangeForm detail={detail} onDone={onClose} />}
    </Modal>
  );
}
