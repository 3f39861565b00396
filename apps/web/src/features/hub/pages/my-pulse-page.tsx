import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconBell } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PageProps } from '../../../app/route-types';
import { useAuth } from '../../../lib/auth/use-auth';
import { useProfilePosts } from '../api/hub-queries';
import { HubNav } from '../../../components/hub/hub-nav';
import { PostList } from '../components/post-list';
import { RecentActivity } from '../components/recent-activity';
import { OutboxList } from '../outbox';
import classes from '../../../components/hub/hub.module.css';

/** /pulse ("Pulse"): the signed-in person's own posts, drafts waiting to send and the latest activity on them. */
export function MyPulsePage({ route }: PageProps) {
  const { t } = useLingui();
  const { user } = useAuth();
  const posts = useProfilePosts(user?.username ?? null);
  return (
    <div className={classes.page}>
      <HubNav />
      <Container size={680} px={{ base: 10, sm: 'md' }} pt="md">
        <Stack gap="md">
          <div className={classes.hubHeader}>
            <div>
              <Title order={1} fz={{ base: 24, sm: 28 }}>
                {route.title}
              </Title>
              <Text c="dimmed" size="sm">
                <Trans>Your posts and what people do with them.</Trans>
              </Text>
            </div>
            <Button component={Link} to="/hub/feed" radius="xl" rightSection={<IconArrowRight size={16} aria-hidden />}>
              <Trans>Go to the feed</Trans>
            </Button>
          </div>
          <OutboxList />
          <Paper className={classes.card} p="md">
            <Group justify="space-between" mb="sm">
              <Title order={2} fz={16}>
                <Trans>Recent activity</Trans>
              </Title>
              <Button component={Link} to="/hub/notifications" variant="subtle" size="compact-sm" leftSection={<IconBell size={16} aria-hidden />}>
                <Trans>All activity</Trans>
              </Button>
            </Group>
            <RecentActivity />
          </Paper>
          <Title order={2} fz={18} mt="xs">
            <Trans>Your posts</Trans>
          </Title>
          <PostList
            query={posts}
            label={t`Your posts`}
            empty={{
              title: t`You have not posted yet`,
              text: t`Share a harvest, a recipe or a product from your farm.`,
              action: (
                <Button component={Link} to="/hub/feed" radius="xl">
                  <Trans>Write a post</Trans>
                </Button>
              ),
            }}
          />
        </Stack>
      </Container>
    </div>
  );
}
