import { useMemo } from 'react';
import { Text } from '@mantine/core';
import { Link } from 'react-router';
import { splitPostText } from '../utils/post-text';
import { profilePath } from '../../../components/hub/author-line';
import classes from '../../../components/hub/hub.module.css';

/** Post or comment text with links (new tab, no opener), #tags and @mentions (to the profile) picked out; never rendered as HTML. */
export function PostText({ text, size }: { text: string; size?: 'sm' }) {
  const segments = useMemo(() => splitPostText(text), [text]);
  return (
    <Text component="div" className={classes.text} fz={size === 'sm' ? 14 : undefined} data-testid="post-text">
      {segments.map((segment, index) => {
        if (segment.kind === 'link')
          return (
            <a key={index} href={segment.href} target="_blank" rel="noopener noreferrer nofollow" className={classes.link}>
              {segment.text}
            </a>
          );
        if (segment.kind === 'mention')
          return (
            <Link key={index} to={profilePath(segment.username)} className={classes.tag}>
              {segment.text}
            </Link>
          );
        if (segment.kind === 'tag')
          return (
            <span key={index} className={classes.tag}>
              {segment.text}
            </span>
          );
        return <span key={index}>{segment.text}</span>;
      })}
    </Text>
  );
}
