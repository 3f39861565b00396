import { Container, Title } from '@mantine/core';
import type { PageComponent, PageProps } from '../../../app/route-types';
import { useAuth } from '../../../lib/auth/use-auth';
import { AgentGate, type AgentGateWhat } from '../../../components/agents/agent-gate';

/**
 * Wraps another feature's page for agents only (the route table composes /agent-messages from the
 * messages page, so neither feature imports the other); others see the programme notice. The
 * conversation API has no filter by delivery task, so /agent-messages lists all of the agent's
 * conversations, as /messages does.
 */
export function withAgentGate(Page: PageComponent, what: AgentGateWhat): PageComponent {
  return function AgentOnlyPage(props: PageProps) {
    const { user } = useAuth();
    if (user?.roles.includes('agent')) return <Page {...props} />;
    return (
      <Container size="sm" px={{ base: 'md', sm: 'lg' }} py={{ base: 'lg', sm: 32 }}>
        <Title order={1} fz={{ base: 26, sm: 32 }} mb="md">
          {props.route.title}
        </Title>
        <AgentGate what={what}>{null}</AgentGate>
      </Container>
    );
  };
}
