import { useLingui } from '@lingui/react/macro';
import { ActionIcon, UnstyledButton } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { Logo } from '../components/logo';
import classes from './page-header.module.css';
import { APP_NAME } from '../config/env';

/**
 * The slim header of pages without the bars: a way back and a way home, so no page is a dead end.
 * A plain div, not a banner: the spec's top bar is only on the pages that show the bars.
 */
export function PageHeader() {
  const navigate = useNavigate();
  const { t } = useLingui();

  const goBack = () => {
    // With no earlier entry in this tab, "back" would leave the app.
    if (window.history.state && typeof window.history.state.idx === 'number' && window.history.state.idx > 0) {
      void navigate(-1);
    } else {
      void navigate('/');
    }
  };

  return (
    <div className={classes.header}>
      <div className={classes.inner}>
        <ActionIcon variant="subtle" color="dark" size={44} radius="xl" aria-label={t`Go back`} onClick={goBack}>
          <IconArrowLeft size={22} stroke={1.8} />
        </ActionIcon>
        <UnstyledButton component={Link} to="/" aria-label={t`${APP_NAME} home`} className={classes.logo}>
          <Logo size={30} withText />
        </UnstyledButton>
        <span className={classes.spacer} />
      </div>
    </div>
  );
}
