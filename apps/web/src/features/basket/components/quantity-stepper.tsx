import { useEffect, useState } from 'react';
import { ActionIcon, Group, NumberInput } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import classes from './basket.module.css';

interface QuantityStepperProps {
  value: number;
  min: number;
  max: number;
  /** Names the product in the accessible labels ("Quantity of Tomatoes"). */
  label: string;
  onChange: (quantity: number) => void;
  disabled?: boolean;
}

/** − value + with typing allowed; a typed number is applied when the field loses focus or on Enter. */
export function QuantityStepper({ value, min, max, label, onChange, disabled = false }: QuantityStepperProps) {
  const { t } = useLingui();
  const [draft, setDraft] = useState<number | string>(value);
  useEffect(() => setDraft(value), [value]);

  const apply = (next: number) => {
    const bounded = Math.min(max, Math.max(min, Math.round(next)));
    setDraft(bounded);
    if (bounded !== value) onChange(bounded);
  };
  const applyDraft = () => {
    const typed = typeof draft === 'number' ? draft : Number.parseInt(draft, 10);
    if (Number.isFinite(typed)) apply(typed);
    else setDraft(value);
  };

  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="default"
        radius="xl"
        size={34}
        aria-label={t`Decrease quantity of ${label}`}
        onClick={() => apply(value - 1)}
        disabled={disabled || value <= min}
      >
        <IconMinus size={16} />
      </ActionIcon>
      <NumberInput
        className={classes.stepperInput}
        aria-label={t`Quantity of ${label}`}
        value={draft}
        onChange={setDraft}
        onBlur={applyDraft}
        onKeyDown={(event) => {
          if (event.key === 'Enter') applyDraft();
        }}
        hideControls
        allowDecimal={false}
        allowNegative={false}
        size="sm"
        radius="md"
        disabled={disabled}
      />
      <ActionIcon
        variant="default"
        radius="xl"
        size={34}
        aria-label={t`Increase quantity of ${label}`}
        onClick={() => apply(value + 1)}
        disabled={disabled || value >= max}
      >
        <IconPlus size={16} />
      </ActionIcon>
    </Group>
  );
}
