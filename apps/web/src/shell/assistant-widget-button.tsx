import { forwardRef } from 'react';
import { ActionIcon } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';

/** The round button that opens the Pulse Assistant card. */
export const AssistantWidgetButton = forwardRef<HTMLButtonElement, { className?: string; opened: boolean; onClick: () => void }>(
  function AssistantWidgetButton({ className, opened, onClick }, ref) {
    return (
      <ActionIcon
        ref={ref}
        className={className}
        size={48}
        radius={24}
        variant="white"
        color="primary"
        aria-label="Pulse Assistant"
        aria-expanded={opened}
        data-testid="assistant-widget"
        onClick={onClick}
      >
        <IconSparkles size={24} stroke={1.8} />
      </ActionIcon>
    );
  },
);
