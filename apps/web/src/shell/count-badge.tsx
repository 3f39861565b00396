import { Badge } from '@mantine/core';
import classes from './count-badge.module.css';

/** A small red count pinned to an icon's corner; renders nothing when there is no text. */
export function CountBadge({ text, testId, id }: { text: string | null; testId: string; id?: string }) {
  if (text === null) return null;
  return (
    <Badge className={classes.badge} color="red" size="sm" radius="xl" variant="filled" data-testid={testId} id={id}>
      {text}
    </Badge>
  );
}
