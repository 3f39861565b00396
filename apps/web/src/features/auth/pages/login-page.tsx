import '../../../lib/page-styles/login-styles';
import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, Center, Divider, Paper, Stack, Tabs, Text, Title, UnstyledButton } from '@mantine/core';
import type { TDemoAccount } from '@pulse/contract/auth';
import { IconInfoCircle, IconKey } from '@tabler/icons-react';
import { t as eventT } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation, useNavigate } from 'react-router';
import { API_URL } from '../../../config/env';
import { useAuth } from '../../../lib/auth/use-auth';
import { clearRememberedReferral, readReferralCode } from '../../../lib/referral-capture';
import { SESSION_KEYS, readSessionValue, removeSessionValue, takeSessionValue } from '../../../lib/session-keys';
import { readPendingBasketAdd } from '../../../lib/catalogue/pending-basket-add';
import { Logo } from '../../../components/logo';
import { useAuthProviders } from '../api/get-auth-providers';
import { SignInForm } from '../components/sign-in-form';
import { SignUpForm } from '../components/sign-up-form';
import { TryTheDemo } from '../components/try-the-demo';
import classes from './login-page.module.css';
import { APP_NAME } from '../../../config/env';

type LoginTab = 'sign-in' | 'sign-up';

/** Reads `#token=` / `#error=` that the OpenID Connect callback appends to /login. */
function readOidcFragment(hash: string): { token: string | null; error: string | null } {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  return { token: params.get('token'), error: params.get('error') };
}

function OidcButton() {
  const { t } = useLingui();
  const providers = useAuthProviders();
  const oidc = providers.data?.oidc;
  // A share link's code goes with the sign-in, so a new account made there is attributed too.
  // Read once in the page: the server that rendered it cannot see this browser's storage (decision 056).
  const [referralCode, setReferralCode] = useState<string | null>(null);
  useEffect(() => setReferralCode(readReferralCode()), []);
  if (!oidc?.enabled) return null;
  const providerName = oidc.name;
  const query = referralCode ? `?ref=${encodeURIComponent(referralCode)}` : '';
  return (
    <>
      <Button component="a" href={`${API_URL}/api/auth/oidc/start${query}`} variant="default" size="md" fullWidth leftSection={<IconKey size={18} />}>
        {providerName ? <Trans>Continue with {providerName}</Trans> : <Trans>Continue with single sign-on</Trans>}
      </Button>
      <Divider label={t`or`} labelPosition="center" />
    </>
  );
}

export function LoginPage() {
  const { t } = useLingui();
  const { login } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [tab, setTab] = useState<LoginTab>('sign-in');
  // Read during render, removed after: shown once, gone on the next visit (spec §4 Session).
  const [notice, setNotice] = useState<string | null>(() => readSessionValue(SESSION_KEYS.logoutMessage));
  const [oidcError, setOidcError] = useState<string | null>(null);
  const handledHash = useRef<string | null>(null);
  const providers = useAuthProviders();
  const demoAccounts = providers.data?.demoAccounts ?? [];
  // Each pick remounts the sign-in form with the account's e-mail and password in it.
  const [demoPick, setDemoPick] = useState<{ account: TDemoAccount; count: number } | null>(null);
  // Why sign-in is asked: a visitor's "Add to basket" waits for it (decision 038).
  const [pendingTitle] = useState<string | null>(() => readPendingBasketAdd()?.title ?? null);
  const product = pendingTitle;

  const chooseDemoAccount = (account: TDemoAccount) => {
    setTab('sign-in');
    setDemoPick((current) => ({ account, count: (current?.count ?? 0) + 1 }));
  };

  useEffect(() => {
    removeSessionValue(SESSION_KEYS.logoutMessage);
  }, []);

  useEffect(() => {
    const { hash, pathname, search } = location;
    if (!hash || handledHash.current === hash) return;
    const fragment = readOidcFragment(hash);
    if (!fragment.token && !fragment.error) return;
    handledHash.current = hash;
    // The token must not linger in the address bar or the history.
    void navigate({ pathname, search }, { replace: true });
    if (fragment.error) {
      setOidcError(fragment.error);
      return;
    }
    if (fragment.token) {
      login(fragment.token).then(
        // Signed up or signed in, the account's attribution is settled: the remembered code is done.
        () => clearRememberedReferral(),
        (error: unknown) => {
          const stored = takeSessionValue(SESSION_KEYS.logoutMessage);
          setOidcError(stored ?? (error instanceof Error ? error.message : eventT`Sign-in failed. Please try again.`));
        },
      );
    }
  }, [location, login, navigate]);

  return (
    <div className={classes.page}>
      <Center className={classes.center}>
        <Stack gap="lg" className={classes.column}>
          <Center>
            <UnstyledButton component={Link} to="/" aria-label={t`${APP_NAME} home`}>
              <Logo size={40} withText />
            </UnstyledButton>
          </Center>
          {notice && (
            <Alert color="orange" variant="light" role="alert" icon={<IconInfoCircle size={20} />} withCloseButton closeButtonLabel={t`Dismiss`} onClose={() => setNotice(null)}>
              {notice}
            </Alert>
          )}
          {oidcError && (
            <Alert color="red" variant="light" role="alert" withCloseButton closeButtonLabel={t`Dismiss`} onClose={() => setOidcError(null)}>
              {oidcError}
            </Alert>
          )}
          <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
            <Stack gap="lg">
              <div>
                <Title order={1} fz={{ base: 24, sm: 28 }}>
                  {pendingTitle ? (
                    <Trans>Sign in to add {product} to your basket</Trans>
                  ) : tab === 'sign-in' ? (
                    <Trans>Welcome back</Trans>
                  ) : (
                    <Trans>Create your account</Trans>
                  )}
                </Title>
                <Text c="dimmed" mt={4}>
                  {pendingTitle ? (
                    tab === 'sign-in' ? (
                      <Trans>It goes into your basket as soon as you are signed in.</Trans>
                    ) : (
                      <Trans>New here? Create your account and it goes into your basket.</Trans>
                    )
                  ) : tab === 'sign-in' ? (
                    <Trans>Sign in to order, chat with growers and manage your shop.</Trans>
                  ) : (
                    <Trans>Buy fresh produce straight from local farms.</Trans>
                  )}
                </Text>
              </div>
              <OidcButton />
              <Tabs value={tab} onChange={(next) => setTab(next === 'sign-up' ? 'sign-up' : 'sign-in')} variant="pills" radius="xl" keepMounted={false}>
                <Tabs.List grow mb="lg">
                  <Tabs.Tab value="sign-in">
                    <Trans>Sign in</Trans>
                  </Tabs.Tab>
                  <Tabs.Tab value="sign-up">
                    <Trans>Sign up</Trans>
                  </Tabs.Tab>
                </Tabs.List>
                <Tabs.Panel value="sign-in">
                  <SignInForm key={demoPick?.count ?? 0} filled={demoPick?.account} />
                </Tabs.Panel>
                <Tabs.Panel value="sign-up">
                  <SignUpForm />
                </Tabs.Panel>
              </Tabs>
              {demoAccounts.length > 0 && <Divider />}
              <TryTheDemo accounts={demoAccounts} onChoose={chooseDemoAccount} />
            </Stack>
          </Paper>
          <Text size="sm" c="dimmed" ta="center">
            <Trans>
              By continuing you agree to the{' '}
              <Anchor component={Link} to="/terms-of-service" inherit>
                Terms of Service
              </Anchor>{' '}
              and the{' '}
              <Anchor component={Link} to="/privacy-policy" inherit>
                Privacy Policy
              </Anchor>
              .
            </Trans>
          </Text>
        </Stack>
      </Center>
    </div>
  );
}
