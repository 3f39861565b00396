import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Container, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconClipboardList, IconCreditCard, IconFlag, IconHistory, IconLock, IconMail, IconReceiptRefund, IconServer, IconShare, IconSpeakerphone, IconUsers, type Icon } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useAuth } from '../../../lib/auth/use-auth';
import { useAdminOverview } from '../api/get-admin-overview';
import { ApplicationsPanel } from '../components/applications-panel';
import { AuditLogPanel } from '../components/audit-log-panel';
import { OverviewCards } from '../components/overview-cards';
import { MailPanel } from '../components/mail-panel';
import { PaymentsPanel } from '../components/payments-panel';
import { PopupsPanel } from '../components/popups-panel';
import { RefundsPanel } from '../components/refunds-panel';
import { ReferralsPanel } from '../components/referrals-panel';
import { ReportsPanel } from '../components/reports-panel';
import { SystemPanel } from '../components/system-panel';
import { UsersPanel } from '../components/users-panel';
import { ADMIN_TABS, ADMIN_TAB_LABELS, parseAdminTab, type AdminTab } from '../utils/admin-filters';

const TAB_ICONS: Readonly<Record<AdminTab, Icon>> = {
  applications: IconClipboardList,
  refunds: IconReceiptRefund,
  payments: IconCreditCard,
  reports: IconFlag,
  referrals: IconShare,
  users: IconUsers,
  popups: IconSpeakerphone,
  mail: IconMail,
  system: IconServer,
  audit: IconHistory,
};

function TabPanel({ tab }: { tab: AdminTab }) {
  switch (tab) {
    case 'applications':
      return <ApplicationsPanel />;
    case 'refunds':
      return <RefundsPanel />;
    case 'payments':
      return <PaymentsPanel />;
    case 'reports':
      return <ReportsPanel />;
    case 'referrals':
      return <ReferralsPanel />;
    case 'users':
      return <UsersPanel />;
    case 'popups':
      return <PopupsPanel />;
    case 'mail':
      return <MailPanel />;
    case 'system':
      return <SystemPanel />;
    case 'audit':
      return <AuditLogPanel />;
  }
}

/**
 * /admin: the console, one section per tab; the tab is kept in the address (?tab=) so reload and
 * Back return to it. The overview call is made for everyone: a non-admin gets the server's 403 as
 * the "Access Denied" toast (spec §8) and an explanation instead of the console.
 */
export function AdminPage() {
  const { user } = useAuth();
  const { i18n, t } = useLingui();
  const overview = useAdminOverview();
  const [params, setParams] = useSearchParams();
  const tab = parseAdminTab(params.get('tab'));
  const isDesktop = useMediaQuery('(min-width: 62em)');
  // Without the user record (a stored token only), the server's answer decides.
  const canUseConsole = user ? user.roles.includes('admin') : !overview.isError;

  const selectTab = (value: string | null) => {
    const next = parseAdminTab(value);
    if (next !== tab) setParams({ tab: next });
  };

  return (
    <Container size="xl" px={{ base: 'md', sm: 'lg' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <div>
          <Title order={1}>
            <Trans>Admin</Trans>
          </Title>
          <Text c="dimmed">
            <Trans>Applications, refunds, payments, reports, referrals, people and announcements of Pulse Market.</Trans>
          </Text>
          {canUseConsole ? (
            <Anchor component={Link} to="/admin/discount-codes" size="sm">
              <Trans>Platform discount codes</Trans>
            </Anchor>
          ) : null}
        </div>
        {!canUseConsole ? (
          <Alert color="red" variant="light" icon={<IconLock size={20} />} title={t`Overview unavailable`}>
            <Trans>Only administrators can see these figures.</Trans>
          </Alert>
        ) : (
          <>
            {overview.isError ? (
              <Alert color="red" variant="light" icon={<IconLock size={20} />} title={t`Overview unavailable`}>
                <Trans>The figures could not be loaded.</Trans>
              </Alert>
            ) : (
              <OverviewCards overview={overview.data} />
            )}
            <Tabs
              value={tab}
              onChange={selectTab}
              orientation={isDesktop ? 'vertical' : 'horizontal'}
              variant={isDesktop ? 'pills' : 'default'}
              keepMounted={false}
              styles={isDesktop ? { tab: { justifyContent: 'flex-start' }, tabLabel: { textAlign: 'left', flex: 'none' } } : undefined}
            >
              <Tabs.List
                aria-label={t`Admin sections`}
                style={isDesktop ? { minWidth: 200 } : { flexWrap: 'nowrap', overflowX: 'auto', scrollbarWidth: 'none' }}
              >
                {ADMIN_TABS.map((value) => {
                  const TabIcon = TAB_ICONS[value];
                  return (
                    <Tabs.Tab key={value} value={value} leftSection={<TabIcon size={18} aria-hidden />} style={{ flexShrink: 0 }}>
                      {i18n._(ADMIN_TAB_LABELS[value])}
                    </Tabs.Tab>
                  );
                })}
              </Tabs.List>
              {ADMIN_TABS.map((value) => (
                <Tabs.Panel key={value} value={value} pt={isDesktop ? 0 : 'md'} pl={isDesktop ? 'lg' : 0}>
                  <TabPanel tab={value} />
                </Tabs.Panel>
              ))}
            </Tabs>
          </>
        )}
      </Stack>
    </Container>
  );
}
