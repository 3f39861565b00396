import { useLingui } from '@lingui/react/macro';
import { forwardRef } from 'react';
import { ActionIcon } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';

/** The round button that opens (and closes) the Pulse Assistant panel. */
export const AssistantWidgetButton = forwardRef<HTMLButtonElement, { className?: string; opened: boolean; onClick: () => void }>(
  function AssistantWidgetButton({ className, opened, onClick }, ref) {
    const { t } = useLingui();
    return (
      <ActionIcon
        ref={ref}
        className={className}
        size={48}
        radius={24}
        variant="white"
        color="primary"
        aria-label={t`Open Pulse Assistant`}
        aria-expanded={opened}
        aria-haspopup="dialog"
        data-testid="assistant-widget"
        onClick={onClick}
      >
        <IconSparkles size={24} stroke={1.8} />
      </ActionIcon>
    );
  },
);
