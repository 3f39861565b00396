import { Container, Title } from '@mantine/core';

/** Placeholder until the page is built. */
export function RefundsHistoryPage() {
  return (
    <Container size="lg" py="md">
      <Title order={1}>Refunds history</Title>
    </Container>
  );
}
