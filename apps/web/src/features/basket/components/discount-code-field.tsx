import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconTicket, IconX } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TCheckoutDiscount } from '@pulse/contract/discounts';
import { CHECKOUT_MAX_DISCOUNT_CODES } from '@pulse/contract/discounts';

interface Props {
  codes: string[];
  /** The quote's answer for each code sent (applied or refused with the server's sentence). */
  results: TCheckoutDiscount[] | undefined;
  onChange: (codes: string[]) => void;
}

/**
 * "Discount code" with Apply (decision 062): the code is sent with the quote, which answers whether
 * it applies and how much; a refused code shows the server's sentence under the field.
 */
export function DiscountCodeField({ codes, results, onChange }: Props) {
  const { t } = useLingui();
  const [draft, setDraft] = useState('');
  const refused = (results ?? []).filter((result) => !result.applied);
  const applied = (results ?? []).filter((result) => result.applied);
  const error = refused.map((result) => `${result.code}: ${result.refusal ?? ''}`).join(' · ') || undefined;

  const apply = () => {
    const code = draft.trim().toUpperCase();
    if (!code) return;
    // A refused code is replaced by the next one typed; at most one farm code and one platform code.
    const kept = codes.filter((existing) => existing !== code && !refused.some((result) => result.code === existing));
    onChange([...kept, code].slice(-CHECKOUT_MAX_DISCOUNT_CODES));
    setDraft('');
  };

  return (
    <Stack gap={6}>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          label={t`Discount code`}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            }
          }}
          error={error}
          autoCapitalize="characters"
          autoComplete="off"
          leftSection={<IconTicket size={16} aria-hidden />}
          style={{ flex: 1 }}
          maxLength={32}
        />
        <Button variant="light" onClick={apply} mt={25} disabled={draft.trim() === ''}>
          <Trans>Apply code</Trans>
        </Button>
      </Group>
      {applied.length > 0 ? (
        <Group gap="xs">
          {applied.map((result) => (
            <Badge
              key={`${result.code}-${result.sellerUserId ?? 'platform'}`}
              color="green"
              variant="light"
              size="lg"
              rightSection={
                <ActionIcon size="xs" variant="transparent" color="green" aria-label={t`Remove code ${result.code}`} onClick={() => onChange(codes.filter((code) => code !== result.code))}>
                  <IconX size={12} />
                </ActionIcon>
              }
            >
              {result.code}
            </Badge>
          ))}
        </Group>
      ) : null}
      {applied.length > 0 ? (
        <Text size="xs" c="dimmed">
          <Trans>The discount is shown per farm in the summary.</Trans>
        </Text>
      ) : null}
    </Stack>
  );
}
