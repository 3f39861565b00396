import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Badge, Button, Group, Paper, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconAlertCircle, IconBuildingWarehouse, IconCalendarTime, IconMapPin, IconNavigation, IconPhone, IconUser } from '@tabler/icons-react';
import {
  deliveryTaskStatusLabels,
  FAILURE_REASONS,
  FAILURE_REASONS_NEEDING_PHOTO,
  failureReasonLabels,
  ZDeliverTaskRequest,
  ZFailTaskRequest,
  ZPickupTaskRequest,
  ZReleaseTaskRequest,
  type TDeliveryTask,
  type TFailureReason,
} from '@pulse/contract/delivery';
import { getServerFormErrors, getZodFieldErrors, NO_FORM_ERRORS, type FormErrors } from '../../../lib/form-errors';
import { formatFee, formatKm, formatTaskSize, formatTaskWindow, hasFullDropOff, navigationLinks, nextStepText } from '../utils/task-display';
import { PhotoField, type PhotoValue } from './photo-field';
import { PositionSharingIndicator } from './position-sharing-indicator';
import { usePositionSharing } from './use-position-sharing';
import { useTaskStep } from './use-task-step';
import { contractText } from '../../../lib/contract-text';

const STATUS_COLOR: Record<TDeliveryTask['status'], string> = {
  open: 'gray',
  claimed: 'blue',
  in_transit: 'orange',
  delivered: 'green',
  failed: 'red',
  returned: 'gray',
  cancelled: 'gray',
};

const NO_PHOTO: PhotoValue = { uploadId: null, url: null };

function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert" py="xs">
      {message}
    </Alert>
  );
}

function PickupForm({ task }: { task: TDeliveryTask }) {
  const { t } = useLingui();
  const pickup = useTaskStep(task.id, 'pickup');
  const release = useTaskStep(task.id, 'release');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_FORM_ERRORS);
  const [releasing, setReleasing] = useState(false);
  const [reason, setReason] = useState('');
  const [releaseErrors, setReleaseErrors] = useState<FormErrors>(NO_FORM_ERRORS);

  const submitPickup = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZPickupTaskRequest.safeParse({ code });
    if (!parsed.success) return setErrors({ fields: getZodFieldErrors(parsed.error), form: null });
    setErrors(NO_FORM_ERRORS);
    void pickup.run(parsed.data, { onError: (failure) => setErrors(getServerFormErrors(failure, ['code'])) });
  };
  const submitRelease = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZReleaseTaskRequest.safeParse({ reason });
    if (!parsed.success) return setReleaseErrors({ fields: getZodFieldErrors(parsed.error), form: null });
    setReleaseErrors(NO_FORM_ERRORS);
    void release.run(parsed.data, { onError: (failure) => setReleaseErrors(getServerFormErrors(failure, ['reason'])) });
  };

  return (
    <Stack gap="sm">
      <form onSubmit={submitPickup} noValidate aria-label={t`Confirm pickup`}>
        <Stack gap="xs">
          <Group align="flex-end" gap="sm" wrap="nowrap">
            <TextInput
              label={t`Pickup code`}
              description={t`The farm shows it on its order`}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder={t`6 digits`}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              error={errors.fields.code}
              style={{ flex: 1 }}
            />
            <Button type="submit" loading={pickup.isPending}>
              <Trans>Picked up</Trans>
            </Button>
          </Group>
          <FormAlert message={errors.form} />
        </Stack>
      </form>
      {releasing ? (
        <form onSubmit={submitRelease} noValidate aria-label={t`Release task`}>
          <Stack gap="xs">
            <Textarea
              label={t`Why are you releasing it?`}
              description={t`The task goes back to the open list and the farm is told.`}
              autosize
              minRows={2}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              error={releaseErrors.fields.reason}
            />
            <FormAlert message={releaseErrors.form} />
            <Group gap="xs">
              <Button type="submit" color="red" variant="light" loading={release.isPending}>
                <Trans>Release task</Trans>
              </Button>
              <Button variant="subtle" color="gray" onClick={() => setReleasing(false)}>
                <Trans>Keep it</Trans>
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Group>
          <Button variant="subtle" color="red" size="xs" onClick={() => setReleasing(true)}>
            <Trans>Release this task</Trans>
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function DeliverForm({ task }: { task: TDeliveryTask }) {
  const { t } = useLingui();
  const deliver = useTaskStep(task.id, 'deliver');
  const [code, setCode] = useState('');
  const [recipientName, setRecipientName] = useState('');
  const [photo, setPhoto] = useState<PhotoValue>(NO_PHOTO);
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NO_FORM_ERRORS);
  const triesLeft = task.maxCodeAttempts - task.codeAttempts;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (uploading) return;
    const body = { code, ...(recipientName.trim() ? { recipientName } : {}), ...(photo.uploadId ? { photoUploadId: photo.uploadId } : {}) };
    const parsed = ZDeliverTaskRequest.safeParse(body);
    if (!parsed.success) return setErrors({ fields: getZodFieldErrors(parsed.error), form: null });
    setErrors(NO_FORM_ERRORS);
    void deliver.run(parsed.data, { onError: (failure) => setErrors(getServerFormErrors(failure, ['code', 'recipientName', 'photoUploadId'])) });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t`Confirm delivery`}>
      <Stack gap="xs">
        <TextInput
          label={t`Buyer's confirmation code`}
          description={
            task.codeAttempts > 0
              ? t`Ask the buyer for the code on their order ${plural(triesLeft, { one: '(# try left)', other: '(# tries left)' })}`
              : t`Ask the buyer for the code on their order`
          }
          required
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder={t`6 digits`}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={errors.fields.code}
        />
        <TextInput label={t`Received by (optional)`} value={recipientName} onChange={(event) => setRecipientName(event.currentTarget.value)} error={errors.fields.recipientName} />
        <PhotoField
          label={t`Photo of the hand-over (optional)`}
          description={t`Camera or gallery`}
          value={photo}
          onChange={setPhoto}
          error={errors.fields.photoUploadId}
          onUploadingChange={setUploading}
        />
        <FormAlert message={errors.form} />
        <Button type="submit" color="green" loading={deliver.isPending} disabled={uploading}>
          <Trans>Delivered</Trans>
        </Button>
      </Stack>
    </form>
  );
}

function FailForm({ task, onCancel }: { task: TDeliveryTask; onCancel: () => void }) {
  const { t } = useLingui();
  const fail = useTaskStep(task.id, 'fail');
  const [reason, setReason] = useState<TFailureReason | null>(null);
  const [note, setNote] = useState('');
  const [photo, setPhoto] = useState<PhotoValue>(NO_PHOTO);
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NO_FORM_ERRORS);
  const needsPhoto = reason !== null && FAILURE_REASONS_NEEDING_PHOTO.includes(reason);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (uploading) return;
    const body = { reason: reason ?? undefined, ...(note.trim() ? { note } : {}), ...(photo.uploadId ? { photoUploadId: photo.uploadId } : {}) };
    const parsed = ZFailTaskRequest.safeParse(body);
    if (!parsed.success) return setErrors({ fields: getZodFieldErrors(parsed.error), form: null });
    setErrors(NO_FORM_ERRORS);
    void fail.run(parsed.data, { onError: (failure) => setErrors(getServerFormErrors(failure, ['reason', 'note', 'photoUploadId'])) });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t`Report a failed attempt`}>
      <Stack gap="xs">
        <Radio.Group label={t`What happened?`} required value={reason ?? ''} onChange={(value) => setReason(value as TFailureReason)} error={errors.fields.reason}>
          <Stack gap={6} mt={6}>
            {FAILURE_REASONS.map((value) => (
              <Radio key={value} value={value} label={contractText(failureReasonLabels[value])} />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea label={t`Note (optional)`} autosize minRows={2} value={note} onChange={(event) => setNote(event.currentTarget.value)} error={errors.fields.note} />
        <PhotoField
          label={needsPhoto ? t`Photo of the place` : t`Photo (optional)`}
          description={needsPhoto ? t`Required for this reason: the door, the building or the street` : t`Camera or gallery`}
          required={needsPhoto}
          value={photo}
          onChange={setPhoto}
          error={errors.fields.photoUploadId}
          onUploadingChange={setUploading}
        />
        <FormAlert message={errors.form} />
        <Group gap="xs">
          <Button type="submit" color="red" loading={fail.isPending} disabled={uploading}>
            <Trans>Report failed attempt</Trans>
          </Button>
          <Button variant="subtle" color="gray" onClick={onCancel}>
            <Trans>Back</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function TransitSteps({ task }: { task: TDeliveryTask }) {
  const [failing, setFailing] = useState(false);
  const sharing = usePositionSharing(task.id, task.status === 'in_transit');
  return (
    <Stack gap="sm">
      <PositionSharingIndicator state={sharing} />
      {failing ? (
        <FailForm task={task} onCancel={() => setFailing(false)} />
      ) : (
        <>
          <DeliverForm task={task} />
          <Group>
            <Button variant="subtle" color="red" size="xs" onClick={() => setFailing(true)}>
              <Trans>Could not deliver?</Trans>
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

/** "Directions" (maps) and "Map app" (geo:) for one end of the task, while the agent holds it. */
function NavigateLinks({ point, label, testId }: { point: { lat: number | null; lng: number | null }; label: string; testId: string }) {
  const { t } = useLingui();
  const links = navigationLinks(point, label);
  if (!links) return null;
  return (
    <Group gap="md" pl={24} data-testid={testId}>
      <Anchor href={links.directions} target="_blank" rel="noopener noreferrer" size="sm" fw={600} aria-label={t`Directions to ${label}`}>
        <IconNavigation size={14} aria-hidden /> <Trans>Directions</Trans>
      </Anchor>
      <Anchor href={links.geo} size="sm" aria-label={t`Open ${label} in a map app`}>
        <Trans>Map app</Trans>
      </Anchor>
    </Group>
  );
}

/** A task the agent holds or held: where to go, who to call, and the next step's form. */
export function HeldTaskCard({ task }: { task: TDeliveryTask }) {
  const { i18n, t } = useLingui();
  const dropOff = task.dropOff;
  const full = hasFullDropOff(dropOff) ? dropOff : null;
  const farmName = task.pickup.farmName;
  const nextStep = nextStepText(i18n, task);
  const farmRegion = task.pickup.region;
  const dropOffPlace = full
    ? [full.line1, full.line2, full.city, full.region, full.postalCode].filter(Boolean).join(', ')
    : [dropOff.city, dropOff.region].filter(Boolean).join(', ');
  const recipient = full?.recipientName ?? '';
  const receivedBy = task.recipientName ?? '';
  const failureNote = task.failureNote;
  const failureReason = task.failureReason ? contractText(failureReasonLabels[task.failureReason]) : '';
  return (
    <Paper withBorder radius="lg" p="md" component="article" aria-label={t`Your delivery from ${farmName}`} data-testid="held-task" data-status={task.status}>
      <Stack gap="sm">
        <Stack gap={4}>
          <Badge color={STATUS_COLOR[task.status]} variant="light" data-testid="held-task-status">
            {contractText(deliveryTaskStatusLabels[task.status])}
          </Badge>
          <Text fw={700}>
            {task.pickup.farmName} → {dropOff.city}
          </Text>
          <Text size="sm" c="dimmed">
            {formatFee(task)} · {formatKm(i18n, task.routeKm)} · {formatTaskSize(i18n, task.size)}
          </Text>
        </Stack>
        <Text size="sm" fw={600} data-testid="next-step">
          <Trans>Next: {nextStep}</Trans>
        </Text>
        {task.endedMessage && (
          <Alert color="orange" variant="light" role="status" py="xs">
            {task.endedMessage}
          </Alert>
        )}
        <Stack gap={6}>
          <Group gap={8} wrap="nowrap" align="flex-start">
            <IconBuildingWarehouse size={16} aria-hidden style={{ marginTop: 2, flexShrink: 0 }} />
            <Text size="sm">
              <Trans>
                Pickup: {farmName}, {farmRegion}
              </Trans>
              {task.pickup.phone && (
                <>
                  {' · '}
                  <Anchor href={`tel:${task.pickup.phone}`} inherit>
                    <IconPhone size={12} aria-hidden /> {task.pickup.phone}
                  </Anchor>
                </>
              )}
            </Text>
          </Group>
          {task.revealed && <NavigateLinks point={task.pickup} label={task.pickup.farmName} testId="pickup-navigation" />}
          <Group gap={8} wrap="nowrap" align="flex-start">
            <IconMapPin size={16} aria-hidden style={{ marginTop: 2, flexShrink: 0 }} />
            <Text size="sm" data-testid="drop-off">
              <Trans>Drop-off: {dropOffPlace}</Trans>
            </Text>
          </Group>
          {full && <NavigateLinks point={full} label={[full.recipientName, full.line1, full.city].filter(Boolean).join(', ')} testId="drop-off-navigation" />}
          <Group gap={8} wrap="nowrap" align="flex-start">
            <IconUser size={16} aria-hidden style={{ marginTop: 2, flexShrink: 0 }} />
            <Text size="sm" data-testid="recipient">
              {recipient ? t`For ${recipient}` : receivedBy ? t`Received by ${receivedBy}` : t`For the buyer`}
              {full?.phone && (
                <>
                  {' · '}
                  <Anchor href={`tel:${full.phone}`} inherit>
                    <IconPhone size={12} aria-hidden /> {full.phone}
                  </Anchor>
                </>
              )}
            </Text>
          </Group>
          <Group gap={8} wrap="nowrap">
            <IconCalendarTime size={16} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm">{formatTaskWindow(i18n, task.windowStartsAt, task.windowEndsAt)}</Text>
          </Group>
        </Stack>
        {task.status === 'claimed' && <PickupForm task={task} />}
        {task.status === 'in_transit' && <TransitSteps task={task} />}
        {task.status === 'failed' && task.failureReason && (
          <Text size="sm" c="dimmed">
            {failureNote ? t`Reported: ${failureReason} — ${failureNote}` : t`Reported: ${failureReason}`}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
