import { Badge, Button, Group, Paper, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconLockOpen, IconSearch, IconUserOff } from '@tabler/icons-react';
import { useState } from 'react';
import { ZSuspendUserInput, type TAdminUser } from '@pulse/contract/admin';
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

function UserCard({ user, isSelf }: { user: TAdminUser; isSelf: boolean }) {
  const suspension = useUserSuspension(user.id);
  const { isPending, runOnce } = useSingleSubmit();
  const [suspending, setSuspending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const unsuspend = () =>
    void runOnce(async () => {
      setError(null);
      try {
        await suspension.mutateAsync({ change: 'unsuspend' });
        showAdminSuccess('Suspension lifted', `${user.username} can sign in again.`);
      } catch (failure) {
        setError(getServerFormErrors(failure, []).form);
      }
    });

  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={`User ${user.username}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text fw={700} truncate>
              {user.username}
              {isSelf ? ' (you)' : ''}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {user.email}
            </Text>
          </div>
          {user.suspended ? (
            <Badge color="red" variant="filled" radius="sm">
              Suspended
            </Badge>
          ) : (
            <Badge color="green" variant="light" radius="sm">
              Active
            </Badge>
          )}
        </Group>
        <Group gap={6} aria-label="Roles">
          {user.roles.map((role) => (
            <Badge key={role} variant="outline" color="gray" radius="sm" tt="none">
              {role}
            </Badge>
          ))}
          <Text size="xs" c="dimmed">
            joined {formatDateTimeWithYear(user.createdAt)}
          </Text>
        </Group>
        {user.suspended && user.suspensionReason && (
          <Text size="sm">
            Suspended{user.suspendedAt ? ` ${formatDateTimeWithYear(user.suspendedAt)}` : ''}: {user.suspensionReason}
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
                Unsuspend
              </Button>
            ) : (
              <Button color="red" variant="light" leftSection={<IconUserOff size={18} aria-hidden />} onClick={() => setSuspending(true)}>
                Suspend
              </Button>
            )}
          </Group>
        )}
      </Stack>
      {suspending && (
        <ReasonDialog
          title={`Suspend ${user.username}?`}
          text="They are signed out everywhere at once and cannot sign in until you lift the suspension."
          label="Reason for the suspension"
          confirmLabel="Suspend"
          schema={ZSuspendUserInput}
          onConfirm={async (reason) => {
            await suspension.mutateAsync({ change: 'suspend', reason });
            showAdminSuccess('User suspended', `${user.username} is signed out.`);
          }}
          onClose={() => setSuspending(false)}
        />
      )}
    </Paper>
  );
}

/** Find people by name or e-mail; suspend (ends their sessions) or lift a suspension. */
export function UsersPanel() {
  const { user: me } = useAuth();
  const [qParam, setQ] = useAdminParam('q');
  const [search, setSearch] = useState(qParam ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const list = useAdminUsers(debounced);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Stack gap="md">
      <TextInput
        label="Search users"
        placeholder="Name or e-mail"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        maxLength={100}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setQ(event.currentTarget.value.trim() || null, { replace: true });
        }}
        type="search"
      />
      {list.isError && <LoadErrorAlert title="Could not load the users" onRetry={() => void list.refetch()} />}
      {list.isPending && <Skeleton height={220} radius="md" role="status" aria-label="Loading users" />}
      {list.isSuccess && items.length === 0 && (
        <Paper withBorder radius="md" p="lg">
          <Text c="dimmed" ta="center">
            No user matches “{debounced}”.
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
