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
import { formatDateTimeWithYear } from '../../../lib/format';

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
  return categoryLabels[type as TProductCategory] ?? type;
}

function SellerFields({ detail, seller }: { detail: TAdminApplicationDetail; seller: TSellerApplication }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
      <Field label="Business name" value={seller.businessName} />
      <Field label="Applicant" value={`${detail.applicant.username} (${detail.applicant.email})`} />
      <Field label="Region" value={seller.region || 'Not given'} />
      <Field label="Coordinates" value={seller.lat !== null && seller.lng !== null ? `${seller.lat}, ${seller.lng}` : 'Not given'} />
      <Field label="Produce" value={seller.produceTypes.map(produceLabel).join(', ') || 'None'} />
      <Field label="Phone" value={seller.phone || 'Not given'} />
      <Field label="Payout" value={payoutText(seller.payout)} />
      <Field label="Referral code" value={seller.referralCode ?? 'None'} />
      <Field label="Terms accepted" value={seller.termsAcceptedAt ? formatDateTimeWithYear(seller.termsAcceptedAt) : 'No'} />
      <Field label="Submitted" value={formatDateTimeWithYear(detail.submittedAt)} />
      {detail.reviewedAt && <Field label="Decided" value={formatDateTimeWithYear(detail.reviewedAt)} />}
      {seller.rejectionReason && <Field label="Rejection reason" value={seller.rejectionReason} />}
    </SimpleGrid>
  );
}

function AgentFields({ detail, agent }: { detail: TAdminApplicationDetail; agent: TAgentApplication }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
      <Field label="Kind" value={agentKindLabels[agent.kind]} />
      <Field label="Applicant" value={`${detail.applicant.username} (${detail.applicant.email})`} />
      <Field label="Home area" value={agent.region || 'Not given'} />
      <Field label="Home point" value={agent.lat !== null && agent.lng !== null ? `${agent.lat}, ${agent.lng}` : 'Not given'} />
      <Field label="Working radius" value={`${agent.workingRadiusKm} km`} />
      <Field label="Vehicle" value={agent.vehicle ? vehicleLabels[agent.vehicle] : 'None (referral only)'} />
      <Field label="Phone" value={agent.phone || 'Not given'} />
      <Field label="Payout" value={payoutText(agent.payout)} />
      <Field label="Terms accepted" value={agent.termsAcceptedAt ? formatDateTimeWithYear(agent.termsAcceptedAt) : 'No'} />
      <Field label="Submitted" value={formatDateTimeWithYear(detail.submittedAt)} />
      {detail.reviewedAt && <Field label="Decided" value={formatDateTimeWithYear(detail.reviewedAt)} />}
      {agent.rejectionReason && <Field label="Rejection reason" value={agent.rejectionReason} />}
    </SimpleGrid>
  );
}

function payoutText(payout: TSellerApplication['payout']): string {
  return payout ? `${payoutMethodLabels[payout.method]}: ${payout.providerName}, ${payout.accountName}, ${payout.accountNumber}` : 'Not given';
}

function ApplicationFields({ detail }: { detail: TAdminApplicationDetail }) {
  if (detail.agent) return <AgentFields detail={detail} agent={detail.agent} />;
  if (detail.seller) return <SellerFields detail={detail} seller={detail.seller} />;
  return null;
}

function IdDocument({ url }: { url: string | null }) {
  if (!url) {
    return (
      <Text size="sm" c="dimmed">
        No ID document was uploaded with this application.
      </Text>
    );
  }
  const full = resolveMediaUrl(url);
  return (
    <Anchor href={full} target="_blank" rel="noreferrer" aria-label="Open the ID document full size">
      <Image src={full} alt="ID document" radius="md" mah={260} fit="contain" bg="gray.1" />
    </Anchor>
  );
}

function History({ detail }: { detail: TAdminApplicationDetail }) {
  if (detail.history.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        First submission: no earlier rounds.
      </Text>
    );
  }
  return (
    <Timeline bulletSize={14} lineWidth={2} aria-label="Earlier submissions">
      {detail.history.map((entry) => (
        <Timeline.Item key={entry.submittedAt} title={`${entry.businessName ?? 'Application'}, submitted ${formatDateTimeWithYear(entry.submittedAt)}`}>
          <Group gap="xs" mt={4}>
            <StatusBadge status={entry.status} />
            {entry.reviewedAt && (
              <Text size="xs" c="dimmed">
                decided {formatDateTimeWithYear(entry.reviewedAt)}
              </Text>
            )}
          </Group>
          {entry.rejectionReason && (
            <Text size="sm" mt={4}>
              Reason: {entry.rejectionReason}
            </Text>
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

function DecisionButtons({ detail }: { detail: TAdminApplicationDetail }) {
  const decision = useApplicationDecision(detail.id);
  const { isPending, runOnce } = useSingleSubmit();
  const [rejecting, setRejecting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const approve = () =>
    void runOnce(async () => {
      setError(null);
      try {
        await decision.mutateAsync({ decision: 'approve' });
        showAdminSuccess('Application approved', detail.kind === 'agent' ? `${detail.applicant.username} is now a Pulse Agent.` : `${detail.displayName} can now sell on Pulse Market.`);
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
          Approve
        </Button>
        <Button color="red" variant="light" leftSection={<IconX size={18} aria-hidden />} onClick={() => setRejecting(true)} disabled={isPending}>
          Reject
        </Button>
      </Group>
      {rejecting && (
        <ReasonDialog
          title="Reject this application?"
          text="The applicant sees your reason and can apply again with corrections."
          label="Reason for the rejection"
          confirmLabel="Reject application"
          schema={ZRejectApplicationInput}
          onConfirm={async (reason) => {
            await decision.mutateAsync({ decision: 'reject', reason });
            showAdminSuccess('Application rejected', detail.displayName);
          }}
          onClose={() => setRejecting(false)}
        />
      )}
    </Stack>
  );
}

/** Everything an admin needs to decide an application, and the decision itself. */
export function ApplicationDetail({ id }: { id: string }) {
  const detail = useAdminApplication(id);

  if (detail.isError) return <LoadErrorAlert title="Could not load the application" onRetry={() => void detail.refetch()} />;
  if (!detail.data) return <Skeleton height={400} radius="lg" role="status" aria-label="Loading the application" />;
  const data = detail.data;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Title order={2} fz="xl">
            {data.displayName}
          </Title>
          <Text size="sm" c="dimmed">
            {data.kind === 'seller' ? 'Seller application' : 'Agent application'}
          </Text>
        </div>
        <StatusBadge status={data.status} />
      </Group>
      {data.status === 'pending' && <DecisionButtons detail={data} />}
      <ApplicationFields detail={data} />
      <Paper withBorder radius="md" p="sm">
        <Text fw={600} size="sm" mb="xs">
          ID document
        </Text>
        <IdDocument url={data.idDocumentUrl ?? data.seller?.idDocument?.url ?? data.agent?.idDocument?.url ?? null} />
      </Paper>
      <div>
        <Title order={3} fz="md" mb="xs">
          Earlier submissions
        </Title>
        <History detail={data} />
      </div>
    </Stack>
  );
}
