import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Paper, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconLockOpen, IconSearch, IconUserOff } from '@tabler/icons-react';
import { useState } from 'react';
import { ZSuspendUserInput, type TAdminUser } from '@pulse/contract/admin';
import type { TRole } from '@pulse/contract/users';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useAuth } from '../../../lib/auth/use-auth';
import { getServerFormErrors } from '../../../lib/form-errors';
import { useSingleSubmit } from '../../../lib/use-single-submit';
import { useAdminUsers } from '../api/get-admin-users';
import { useUserSuspension } from '../api/post-user-suspension';
import { LoadMoreButton } from './load-more-button';
import { ReasonDialog } from './reason-dialog';
import { showAdminSuccess } from './show-admin-toast';
import { useAdminParam } from './use-admin-param';
import { formatDateTimeWithYear } from '../../../lib/format';

/** Role names as the console shows them (lower case, as badges). */
const ROLE_LABELS: Readonly<Record<TRole, MessageDescriptor>> = {
  buyer: msg`buyer`,
  seller: msg`seller`,
  agent: msg`agent`,
  admin: msg`admin`,
};

function UserCard({ user, isSelf }: { user: TAdminUser; isSelf: boolean }) {
  const { i18n, t } = useLingui();
  const suspension = useUserSuspension(user.id);
  const { isPending, runOnce } = useSingleSubmit();
  const [suspending, setSuspending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const username = user.username;
  const joinedAt = formatDateTimeWithYear(user.createdAt);
  const suspendedAt = user.suspendedAt ? formatDateTimeWithYear(user.suspendedAt) : '';
  const suspensionReason = user.suspensionReason ?? '';

  const unsuspend = () =>
    void runOnce(async () => {
      setError(null);
      try {
        await suspension.mutateAsync({ change: 'unsuspend' });
        showAdminSuccess(t`Suspension lifted`, t`${username} can sign in again.`);
      } catch (failure) {
        setError(getServerFormErrors(failure, []).form);
      }
    });

  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={t`User ${username}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text fw={700} truncate>
              {isSelf ? t`${username} (you)` : username}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {user.email}
            </Text>
          </div>
          {user.suspended ? (
            <Badge color="red" variant="filled" radius="sm">
              <Trans>Suspended</Trans>
            </Badge>
          ) : (
            <Badge color="green" variant="light" radius="sm">
              <Trans>Active</Trans>
            </Badge>
          )}
        </Group>
        <Group gap={6} aria-label={t`Roles`}>
          {user.roles.map((role) => (
            <Badge key={role} variant="outline" color="gray" radius="sm" tt="none">
              {i18n._(ROLE_LABELS[role])}
            </Badge>
          ))}
          <Text size="xs" c="dimmed">
            <Trans>joined {joinedAt}</Trans>
          </Text>
        </Group>
        {user.suspended && user.suspensionReason && (
          <Text size="sm">
            {user.suspendedAt ? t`Suspended ${suspendedAt}: ${suspensionReason}` : t`Suspended: ${suspensionReason}`}
          </Text>
        )}
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        {!isSelf && (
          <Group>
            {user.suspended ? (
              <Button variant="light" leftSection={<IconLockOpen size={18} aria-hidden />} onClick={unsuspend} loading={isPending}>
                <Trans>Unsuspend</Trans>
              </Button>
            ) : (
              <Button color="red" variant="light" leftSection={<IconUserOff size={18} aria-hidden />} onClick={() => setSuspending(true)}>
                <Trans>Suspend</Trans>
              </Button>
            )}
          </Group>
        )}
      </Stack>
      {suspending && (
        <ReasonDialog
          title={t`Suspend ${username}?`}
          text={t`They are signed out everywhere at once and cannot sign in until you lift the suspension.`}
          label={t`Reason for the suspension`}
          confirmLabel={t`Suspend`}
          schema={ZSuspendUserInput}
          onConfirm={async (reason) => {
            await suspension.mutateAsync({ change: 'suspend', reason });
            showAdminSuccess(t`User suspended`, t`${username} is signed out.`);
          }}
          onClose={() => setSuspending(false)}
        />
      )}
    </Paper>
  );
}

/** Find people by name or e-mail; suspend (ends their sessions) or lift a suspension. */
export function UsersPanel() {
  const { t } = useLingui();
  const { user: me } = useAuth();
  const [qParam, setQ] = useAdminParam('q');
  const [search, setSearch] = useState(qParam ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const list = useAdminUsers(debounced);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Stack gap="md">
      <TextInput
        label={t`Search users`}
        placeholder={t`Name or e-mail`}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        maxLength={100}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setQ(event.currentTarget.value.trim() || null, { replace: true });
        }}
        type="search"
      />
      {list.isError && <LoadErrorAlert title={t`Could not load the users`} onRetry={() => void list.refetch()} />}
      {list.isPending && <Skeleton height={220} radius="md" role="status" aria-label={t`Loading users`} />}
      {list.isSuccess && items.length === 0 && (
        <Paper withBorder radius="md" p="lg">
          <Text c="dimmed" ta="center">
            <Trans>No user matches “{debounced}”.</Trans>
          </Text>
        </Paper>
      )}
      {items.map((user) => (
        <UserCard key={user.id} user={user} isSelf={user.id === me?.id} />
      ))}
      <LoadMoreButton hasNextPage={list.hasNextPage} isFetching={list.isFetchingNextPage} onLoad={() => void list.fetchNextPage()} />
    </Stack>
  );
}
