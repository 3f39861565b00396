import { useLingui } from '@lingui/react/macro';
import { Paper, SimpleGrid, Text, ThemeIcon, Group } from '@mantine/core';
import { IconChecklist, IconCoins, IconEye, IconUserPlus } from '@tabler/icons-react';
import type { TReferralSummary } from '@pulse/contract/referrals';
import { funnelSteps, type FunnelStep } from '../utils/referral-display';

const ICONS: Readonly<Record<FunnelStep['key'], typeof IconEye>> = {
  visits: IconEye,
  signUps: IconUserPlus,
  firstOrders: IconChecklist,
  earned: IconCoins,
};

/** Link visits → sign-ups → first orders → earned, in the agent pages' figure cards. */
export function ReferralFunnel({ summary }: { summary: TReferralSummary }) {
  const { i18n, t } = useLingui();
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" component="section" aria-label={t`Your referral funnel`}>
      {funnelSteps(i18n, summary).map((step) => {
        const Icon = ICONS[step.key];
        return (
          <Paper key={step.key} withBorder radius="lg" p="md" role="group" aria-label={step.label}>
            <Group gap={6} wrap="nowrap">
              <ThemeIcon variant="light" size={22} radius="xl" aria-hidden>
                <Icon size={13} />
              </ThemeIcon>
              <Text size="xs" c="dimmed" tt="uppercase" fw={700} truncate>
                {step.label}
              </Text>
            </Group>
            <Text fz={24} fw={800} mt={4} data-testid={step.testId}>
              {step.value}
            </Text>
            <Text size="xs" c="dimmed">
              {step.hint}
            </Text>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
