import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Button, Grid, Group, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy, IconShare } from '@tabler/icons-react';

// The QR code's library comes with its own chunk, after the code and the link.
const ReferralQrCode = lazy(() => import('./referral-qr-code').then((module) => ({ default: module.ReferralQrCode })));

const SHARE_TEXT = msg`Fresh produce straight from local farms. Join Pulse Market with my link:`;

function canShare(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

/** Copies with the Clipboard API; without it (or refused), selects the field and tries the old way. */
export async function copyLink(link: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard) {
      await navigator.clipboard.writeText(link);
      return true;
    }
  } catch {
    // Refused (no permission, not a secure page): fall back below.
  }
  if (!input) return false;
  input.focus();
  input.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

/** The code in large type, the link with Copy and Share, and the QR code of the link. */
export function ShareCard({ code, link, rules }: { code: string; link: string; rules: string }) {
  const { i18n, t } = useLingui();
  const inputRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = () => {
    void copyLink(link, inputRef.current).then((done) => {
      setCopied(done);
      notifications.show(
        done
          ? { color: 'green', title: t`Link copied`, message: t`Paste it in a message, a post or a group chat.`, autoClose: 3000 }
          : { color: 'orange', title: t`Copy the selected link`, message: t`Your browser did not let the app copy it: the link is selected in the field.` },
      );
    });
  };

  const share = () => {
    navigator.share({ title: t`Pulse Market`, text: i18n._(SHARE_TEXT), url: link }).catch(() => undefined);
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="referral-code-heading">
      <Grid gap="lg" align="center">
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <Stack gap="md">
            <div>
              <Title order={2} size="xs" c="dimmed" tt="uppercase" fw={700} id="referral-code-heading">
                <Trans>Your referral code</Trans>
              </Title>
              <Text
                fz={{ base: 36, sm: 48 }}
                fw={800}
                lh={1.1}
                ff="monospace"
                style={{ letterSpacing: '0.06em' }}
                data-testid="referral-code"
                aria-describedby="referral-code-heading"
              >
                {code}
              </Text>
              <Text size="sm" c="dimmed" mt={4} data-testid="referral-rules">
                {rules}
              </Text>
            </div>
            <TextInput
              ref={inputRef}
              label={t`Your referral link`}
              description={t`Share it anywhere: it works on any page of Pulse Market`}
              value={link}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              data-testid="referral-link"
              size="md"
            />
            <Group gap="xs">
              <Button onClick={copy} leftSection={copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}>
                <Trans>Copy link</Trans>
              </Button>
              {canShare() && (
                <Button variant="light" onClick={share} leftSection={<IconShare size={18} aria-hidden />}>
                  <Trans>Share</Trans>
                </Button>
              )}
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Suspense fallback={<Skeleton height={184} width={184} radius="md" mx="auto" />}>
            <ReferralQrCode link={link} code={code} />
          </Suspense>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
