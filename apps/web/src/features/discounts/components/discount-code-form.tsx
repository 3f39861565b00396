import { Button, Checkbox, Group, NumberInput, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TCreateDiscountCodeRequest } from '@pulse/contract/discounts';
import { isApiError } from '../../../lib/api-error';
import { toMinorUnits } from '../../../lib/money-input';
import { useCreateDiscountCode, type DiscountScope } from '../api/discount-codes';

interface Values {
  code: string;
  kind: 'percent' | 'fixed';
  value: number | string;
  minOrder: number | string;
  startsAt: string;
  endsAt: string;
  totalUses: number | string;
  usesPerBuyer: number | string;
  firstOrderOnly: boolean;
}

const toIso = (local: string) => (local ? new Date(local).toISOString() : null);
const toCount = (value: number | string) => (value === '' || value === null ? null : Number(value));

/** Create a code: its word, percent or fixed amount, minimum order, dates and limits. */
export function DiscountCodeForm({ scope, currency, onCreated }: { scope: DiscountScope; currency: string; onCreated: () => void }) {
  const { t } = useLingui();
  const create = useCreateDiscountCode(scope);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { code: '', kind: 'percent', value: 10, minOrder: '', startsAt: '', endsAt: '', totalUses: '', usesPerBuyer: 1, firstOrderOnly: false },
    validate: {
      code: (value) => (/^[A-Za-z0-9_-]{3,32}$/.test(value.trim()) ? null : t`A code has 3 to 32 letters or digits`),
      value: (value, values) => {
        const number = Number(value);
        if (!Number.isFinite(number) || number <= 0) return t`Enter an amount above zero`;
        if (values.kind === 'percent' && (number > 100 || !Number.isInteger(number))) return t`A percentage is a whole number up to 100`;
        return null;
      },
    },
  });

  const submit = form.onSubmit(async (values) => {
    const valueMinor = values.kind === 'percent' ? Number(values.value) : toMinorUnits(values.value, currency);
    const input: TCreateDiscountCodeRequest = {
      code: values.code.trim(),
      kind: values.kind,
      value: valueMinor ?? 0,
      minOrderMinor: values.minOrder === '' ? 0 : (toMinorUnits(values.minOrder, currency) ?? 0),
      startsAt: toIso(values.startsAt),
      endsAt: toIso(values.endsAt),
      totalUses: toCount(values.totalUses),
      usesPerBuyer: toCount(values.usesPerBuyer),
      firstOrderOnly: values.firstOrderOnly,
    };
    try {
      await create.mutateAsync(input);
      form.reset();
      onCreated();
    } catch (error) {
      if (isApiError(error)) form.setErrors({ ...error.fields, ...(Object.keys(error.fields).length === 0 ? { code: error.message } : {}) });
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t`Code`} description={t`What buyers type at checkout`} required autoCapitalize="characters" {...form.getInputProps('code')} />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              <Trans>Discount</Trans>
            </Text>
            <SegmentedControl
              data={[
                { value: 'percent', label: t`Percent` },
                { value: 'fixed', label: t`Fixed amount` },
              ]}
              {...form.getInputProps('kind')}
            />
          </Stack>
          <NumberInput
            label={form.values.kind === 'percent' ? t`Percent off` : t`Amount off (${currency})`}
            min={0}
            max={form.values.kind === 'percent' ? 100 : undefined}
            decimalScale={form.values.kind === 'percent' ? 0 : 2}
            required
            {...form.getInputProps('value')}
          />
          <NumberInput label={t`Minimum order (${currency})`} min={0} decimalScale={2} {...form.getInputProps('minOrder')} />
          <TextInput type="datetime-local" label={t`Starts`} {...form.getInputProps('startsAt')} />
          <TextInput type="datetime-local" label={t`Ends`} {...form.getInputProps('endsAt')} />
          <NumberInput label={t`Total uses`} description={t`Empty: no limit`} min={1} allowDecimal={false} {...form.getInputProps('totalUses')} />
          <NumberInput label={t`Uses per buyer`} description={t`Empty: no limit`} min={1} allowDecimal={false} {...form.getInputProps('usesPerBuyer')} />
        </SimpleGrid>
        <Checkbox label={t`First order only`} {...form.getInputProps('firstOrderOnly', { type: 'checkbox' })} />
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>
            <Trans>Create code</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
