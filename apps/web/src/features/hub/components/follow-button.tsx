import { Button } from '@mantine/core';
import { IconUserCheck, IconUserPlus } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { useFollow } from '../api/hub-mutations';

/** Follow or unfollow a person; their posts then come first in the feed. */
export function FollowButton({ person, following, size = 'xs' }: { person: { id: string; username: string }; following: boolean; size?: 'xs' | 'sm' }) {
  const { t } = useLingui();
  const follow = useFollow(person);
  const username = person.username;
  return (
    <Button
      size={size}
      radius="xl"
      variant={following ? 'default' : 'filled'}
      leftSection={following ? <IconUserCheck size={16} aria-hidden /> : <IconUserPlus size={16} aria-hidden />}
      loading={follow.isPending}
      onClick={() => follow.mutate(!following)}
      // The name starts with the words the button shows (WCAG 2.5.3: "Following", not "Unfollow").
      aria-label={following ? t`Following ${username}, unfollow` : t`Follow ${username}`}
    >
      {following ? t`Following` : t`Follow`}
    </Button>
  );
}
