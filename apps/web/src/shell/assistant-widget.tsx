import { Suspense, useState } from 'react';
import { lazyWithFullStyles } from '../lib/full-styles';
import { AssistantWidgetButton } from './assistant-widget-button';

const AssistantWidgetPopover = lazyWithFullStyles(() => import('./assistant-widget-popover').then((module) => module.AssistantWidgetPopover));

/**
 * Entry point to Pulse Assistant on the pages with bars. The card and its positioning library
 * load the first time the button is pressed, so they are not part of the first load.
 */
export function AssistantWidget({ className }: { className?: string }) {
  const [used, setUsed] = useState(false);
  const button = <AssistantWidgetButton className={className} opened={false} onClick={() => setUsed(true)} />;

  if (!used) return button;
  return (
    <Suspense fallback={button}>
      <AssistantWidgetPopover className={className} />
    </Suspense>
  );
}
