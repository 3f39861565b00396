import type { ReactNode } from 'react';
import { Accordion, Text } from '@mantine/core';

export interface FaqItem {
  question: string;
  answer: ReactNode;
}

export function FaqAccordion({ items }: { items: readonly FaqItem[] }) {
  return (
    <Accordion variant="separated" radius="md" order={3}>
      {items.map((item) => (
        <Accordion.Item key={item.question} value={item.question}>
          <Accordion.Control>
            <Text fw={600}>{item.question}</Text>
          </Accordion.Control>
          <Accordion.Panel>
            <Text c="dimmed" lh={1.65}>
              {item.answer}
            </Text>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
