import { Button } from '@mantine/core';
import { IconArrowUp } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { newPostsLabel } from '../utils/new-posts';
import classes from '../../../components/hub/hub.module.css';

/** "n new posts": the feed does not move by itself; this brings the new ones in when asked. */
export function NewPostsPill({ count, onShow }: { count: number; onShow: () => void }) {
  const { i18n } = useLingui();
  if (count === 0) return null;
  return (
    <div className={classes.pillWrap}>
      <Button radius="xl" size="sm" className={classes.pill} leftSection={<IconArrowUp size={16} aria-hidden />} onClick={onShow} data-testid="new-posts-pill">
        {i18n._(newPostsLabel(count))}
      </Button>
    </div>
  );
}
