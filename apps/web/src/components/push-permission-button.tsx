import { useLingui } from '@lingui/react';
import { useEffect, useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import { useAuth } from '../lib/auth/use-auth';
import { readPushPermission, subscribeToPush, unsubscribeFromPush } from '../lib/push';
import { readPushSupport } from '../lib/push-permission';
import { getServiceWorkerRegistration } from '../lib/service-worker';
import { PUSH_BUTTON_VIEWS, toPushButtonState, type PushButtonState } from '../lib/push-button-state';

/** Where the browser stands now, without prompting; a granted permission still needs a subscription. */
async function readInitialState(): Promise<PushButtonState> {
  if (!readPushSupport().push) return 'unsupported';
  const permission = readPushPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  const registration = await getServiceWorkerRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return 'off';
  // Saved again for whoever is signed in now: the browser may have been someone else's before.
  return toPushButtonState(await subscribeToPush());
}

interface PushPermissionButtonProps {
  /** Render nothing on browsers without web push instead of saying so. */
  hideWhenUnsupported?: boolean;
}

/**
 * "Turn on notifications": asks for permission from the click (browsers require a gesture),
 * subscribes this browser to web push for the signed-in user, and turns it off again.
 */
export function PushPermissionButton({ hideWhenUnsupported = false }: PushPermissionButtonProps) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const [state, setState] = useState<PushButtonState>('checking');
  const { i18n } = useLingui();

  useEffect(() => {
    if (userId === null) return;
    let cancelled = false;
    readInitialState()
      .catch(() => 'error' as const)
      .then((initial) => {
        if (!cancelled) setState(initial);
      });
    return () => {
      cancelled = true;
    };
  }, [userId]);

  if (userId === null || (hideWhenUnsupported && state === 'unsupported')) return null;

  const view = PUSH_BUTTON_VIEWS[state];
  const handleClick = async () => {
    if (state === 'on') {
      setState('working');
      await unsubscribeFromPush();
      setState('off');
      return;
    }
    setState('working');
    setState(toPushButtonState(await subscribeToPush()));
  };

  const icon = state === 'on' || state === 'blocked' ? <IconBellOff size={18} /> : <IconBell size={18} />;

  return (
    <Stack gap={4} align="flex-start">
      <Button
        variant={state === 'on' ? 'default' : 'filled'}
        leftSection={icon}
        loading={state === 'working' || state === 'checking'}
        disabled={!view.actionable}
        onClick={() => void handleClick()}
      >
        {i18n._(view.label)}
      </Button>
      {view.hint && (
        <Text size="sm" c="dimmed" role={state === 'error' || state === 'blocked' ? 'alert' : undefined}>
          {i18n._(view.hint)}
        </Text>
      )}
    </Stack>
  );
}
