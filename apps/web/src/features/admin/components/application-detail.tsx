import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import { Alert, Anchor, Button, Group, Image, Paper, SimpleGrid, Skeleton, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { ZRejectApplicationInput, type TAdminApplicationDetail } from '@pulse/contract/admin';
import { categoryLabels, type TProductCategory } from '@pulse/contract/products';
import { agentKindLabels, vehicleLabels, type TAgentApplication } from '@pulse/contract/agents';
import { payoutMethodLabels, type TSellerApplication } from '@pulse/contract/sellers';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { getServerFormErrors } from '../../../lib/form-errors';
import { resolveMediaUrl } from '../../../lib/media-url';
import { useSingleSubmit } from '../../../lib/use-single-submit';
import { useAdminApplication } from '../api/get-admin-application';
import { useApplicationDecision } from '../api/post-application-decision';
import { ReasonDialog } from './reason-dialog';
import { showAdminSuccess } from './show-admin-toast';
import { StatusBadge } from './status-badge';
import { formatDateTimeWithYear, formatNumber } from '../../../lib/format';
import { contractText } from '../../../lib/contract-text';

function Field({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

function produceLabel(type: string): string {
  return contractText(categoryLabels[type as TProductCategory]) ?? type;
}

function SellerFields({ detail, seller }: { detail: TAdminApplicationDetail; seller: TSellerApplication }) {
  const { i18n, t } = useLingui();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
      <Field label={t`Business name`} value={seller.businessName} />
      <Field label={t`Applicant`} value={`${detail.applicant.username} (${detail.applicant.email})`} />
      <Field label={t`Region`} value={seller.region || t`Not given`} />
      <Field label={t`Coordinates`} value={seller.lat !== null && seller.lng !== null ? `${seller.lat}, ${seller.lng}` : t`Not given`} />
      <Field label={t`Produce`} value={seller.produceTypes.map(produceLabel).join(', ') || t`None`} />
      <Field label={t`Phone`} value={seller.phone || t`Not given`} />
      <Field label={t`Payout`} value={payoutText(i18n, seller.payout)} />
      <Field label={t`Referral code`} value={seller.referralCode ?? t`None`} />
      <Field label={t`Terms accepted`} value={seller.termsAcceptedAt ? formatDateTimeWithYear(seller.termsAcceptedAt) : t`No`} />
      <Field label={t`Submitted`} value={formatDateTimeWithYear(detail.submittedAt)} />
      {detail.reviewedAt && <Field label={t`Decided`} value={formatDateTimeWithYear(detail.reviewedAt)} />}
      {seller.rejectionReason && <Field label={t`Rejection reason`} value={seller.rejectionReason} />}
    </SimpleGrid>
  );
}

function AgentFields({ detail, agent }: { detail: TAdminApplicationDetail; agent: TAgentApplication }) {
  const { i18n, t } = useLingui();
  const radius = formatNumber(agent.workingRadiusKm, 1);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
      <Field label={t`Kind`} value={contractText(agentKindLabels[agent.kind])} />
      <Field label={t`Applicant`} value={`${detail.applicant.username} (${detail.applicant.email})`} />
      <Field label={t`Home area`} value={agent.region || t`Not given`} />
      <Field label={t`Home point`} value={agent.lat !== null && agent.lng !== null ? `${agent.lat}, ${agent.lng}` : t`Not given`} />
      <Field label={t`Working radius`} value={t`${radius} km`} />
      <Field label={t`Vehicle`} value={agent.vehicle ? contractText(vehicleLabels[agent.vehicle]) : t`None (referral only)`} />
      <Field label={t`Phone`} value={agent.phone || t`Not given`} />
      <Field label={t`Payout`} value={payoutText(i18n, agent.payout)} />
      <Field label={t`Terms accepted`} value={agent.termsAcceptedAt ? formatDateTimeWithYear(agent.termsAcceptedAt) : t`No`} />
      <Field label={t`Submitted`} value={formatDateTimeWithYear(detail.submittedAt)} />
      {detail.reviewedAt && <Field label={t`Decided`} value={formatDateTimeWithYear(detail.reviewedAt)} />}
      {agent.rejectionReason && <Field label={t`Rejection reason`} value={agent.rejectionReason} />}
    </SimpleGrid>
  );
}

function payoutText(i18n: I18n, payout: TSellerApplication['payout']): string {
  if (!payout) return i18n._(msg`Not given`);
  const method = contractText(payoutMethodLabels[payout.method]);
  const { providerName, accountName, accountNumber } = payout;
  return i18n._(msg`${method}: ${providerName}, ${accountName}, ${accountNumber}`);
}

/** "Green Acres, submitted 3 Mar 2026, 09:00" in the reader's language. */
function historyTitle(i18n: I18n, businessName: string | null, submitted: string): string {
  return businessName ? i18n._(msg`${businessName}, submitted ${submitted}`) : i18n._(msg`Application, submitted ${submitted}`);
}

function ApplicationFields({ detail }: { detail: TAdminApplicationDetail }) {
  if (detail.agent) return <AgentFields detail={detail} agent={detail.agent} />;
  if (detail.seller) return <SellerFields detail={detail} seller={detail.seller} />;
  return null;
}

function IdDocument({ url }: { url: string | null }) {
  const { t } = useLingui();
  if (!url) {
    return (
      <Text size="sm" c="dimmed">
        <Trans>No ID document was uploaded with this application.</Trans>
      </Text>
    );
  }
  const full = resolveMediaUrl(url);
  return (
    <Anchor href={full} target="_blank" rel="noreferrer" aria-label={t`Open the ID document full size`}>
      <Image src={full} alt={t`ID document`} radius="md" mah={260} fit="contain" bg="gray.1" />
    </Anchor>
  );
}

function History({ detail }: { detail: TAdminApplicationDetail }) {
  const { i18n, t } = useLingui();
  if (detail.history.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        <Trans>First submission: no earlier rounds.</Trans>
      </Text>
    );
  }
  return (
    <Timeline bulletSize={14} lineWidth={2} aria-label={t`Earlier submissions`}>
      {detail.history.map((entry) => {
        const decidedAt = entry.reviewedAt ? formatDateTimeWithYear(entry.reviewedAt) : '';
        const reason = entry.rejectionReason;
        return (
          <Timeline.Item key={entry.submittedAt} title={historyTitle(i18n, entry.businessName, formatDateTimeWithYear(entry.submittedAt))}>
            <Group gap="xs" mt={4}>
              <StatusBadge status={entry.status} />
              {entry.reviewedAt && (
                <Text size="xs" c="dimmed">
                  <Trans>decided {decidedAt}</Trans>
                </Text>
              )}
            </Group>
            {entry.rejectionReason && (
              <Text size="sm" mt={4}>
                <Trans>Reason: {reason}</Trans>
              </Text>
            )}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}

function DecisionButtons({ detail }: { detail: TAdminApplicationDetail }) {
  const { t } = useLingui();
  const decision = useApplicationDecision(detail.id);
  const { isPending, runOnce } = useSingleSubmit();
  const [rejecting, setRejecting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const approve = () =>
    void runOnce(async () => {
      setError(null);
      try {
        await decision.mutateAsync({ decision: 'approve' });
        const username = detail.applicant.username;
        const displayName = detail.displayName;
        showAdminSuccess(t`Application approved`, detail.kind === 'agent' ? t`${username} is now a Pulse Agent.` : t`${displayName} can now sell on Pulse Market.`);
      } catch (failure) {
        setError(getServerFormErrors(failure, []).form);
      }
    });

  return (
    <Stack gap="sm">
      {error && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
          {error}
        </Alert>
      )}
      <Group grow>
        <Button color="green" leftSection={<IconCheck size={18} aria-hidden />} onClick={approve} loading={isPending}>
          <Trans>Approve</Trans>
        </Button>
        <Button color="red" variant="light" leftSection={<IconX size={18} aria-hidden />} onClick={() => setRejecting(true)} disabled={isPending}>
          <Trans>Reject</Trans>
        </Button>
      </Group>
      {rejecting && (
        <ReasonDialog
          title={t`Reject this application?`}
          text={t`The applicant sees your reason and can apply again with corrections.`}
          label={t`Reason for the rejection`}
          confirmLabel={t`Reject application`}
          schema={ZRejectApplicationInput}
          onConfirm={async (reason) => {
            await decision.mutateAsync({ decision: 'reject', reason });
            showAdminSuccess(t`Application rejected`, detail.displayName);
          }}
          onClose={() => setRejecting(false)}
        />
      )}
    </Stack>
  );
}

/** Everything an admin needs to decide an application, and the decision itself. */
export function ApplicationDetail({ id }: { id: string }) {
  const { t } = useLingui();
  const detail = useAdminApplication(id);

  if (detail.isError) return <LoadErrorAlert title={t`Could not load the application`} onRetry={() => void detail.refetch()} />;
  if (!detail.data) return <Skeleton height={400} radius="lg" role="status" aria-label={t`Loading the application`} />;
  const data = detail.data;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Title order={2} fz="xl">
            {data.displayName}
          </Title>
          <Text size="sm" c="dimmed">
            {data.kind === 'seller' ? t`Seller application` : t`Agent application`}
          </Text>
        </div>
        <StatusBadge status={data.status} />
      </Group>
      {data.status === 'pending' && <DecisionButtons detail={data} />}
      <ApplicationFields detail={data} />
      <Paper withBorder radius="md" p="sm">
        <Text fw={600} size="sm" mb="xs">
          <Trans>ID document</Trans>
        </Text>
        <IdDocument url={data.idDocumentUrl ?? data.seller?.idDocument?.url ?? data.agent?.idDocument?.url ?? null} />
      </Paper>
      <div>
        <Title order={3} fz="md" mb="xs">
          <Trans>Earlier submissions</Trans>
        </Title>
        <History detail={data} />
      </div>
    </Stack>
  );
}
