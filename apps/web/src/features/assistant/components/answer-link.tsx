import { Button } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { isInternalLink } from '../utils/block-format';

/** A link of an answer, drawn as a small button: through the router inside the app. */
export function AnswerLink({ link, variant = 'light' }: { link: { label: string; to: string }; variant?: 'filled' | 'light' }) {
  const common = { size: 'compact-sm', variant, radius: 'md', rightSection: <IconArrowRight size={14} aria-hidden /> } as const;
  if (isInternalLink(link.to)) {
    return (
      <Button component={Link} to={link.to} {...common}>
        {link.label}
      </Button>
    );
  }
  return (
    <Button component="a" href={link.to} target="_blank" rel="noopener noreferrer" {...common}>
      {link.label}
    </Button>
  );
}
