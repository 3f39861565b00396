import { Suspense, useCallback, useRef, useState } from 'react';
import { lazyWithFullStyles } from '../lib/full-styles';
import { AssistantWidgetButton } from './assistant-widget-button';

const AssistantWidgetPanel = lazyWithFullStyles(() =>
  import('../features/assistant/components/assistant-widget-panel').then((module) => module.AssistantWidgetPanel),
);

/**
 * Entry point to Pulse Assistant on the pages with bars. The chat panel loads the first time the
 * button is pressed (features/assistant), so it is not part of the first load; once loaded it
 * stays mounted and the button opens and closes it.
 */
export function AssistantWidget({ className }: { className?: string }) {
  const [used, setUsed] = useState(false);
  const [opened, setOpened] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpened(false);
    buttonRef.current?.focus();
  }, []);

  return (
    <>
      <AssistantWidgetButton
        ref={buttonRef}
        className={className}
        opened={opened}
        onClick={() => {
          setUsed(true);
          setOpened((value) => !value);
        }}
      />
      {used && (
        <Suspense fallback={null}>
          <AssistantWidgetPanel opened={opened} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
