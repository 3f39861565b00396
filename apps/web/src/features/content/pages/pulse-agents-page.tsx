import { Badge, Button, Card, Container, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  IconArrowRight,
  IconCircleCheck,
  IconClipboardCheck,
  IconCoin,
  IconId,
  IconMapPin,
  IconMoodHappy,
  IconMotorbike,
  IconPhone,
  IconRoute,
  IconShare,
  IconTruckDelivery,
  IconUserPlus,
  IconUsersGroup,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { CallToAction } from '../components/call-to-action';
import { ContentFooter } from '../components/content-footer';
import { FaqAccordion, type FaqItem } from '../components/faq-accordion';
import { NumberedSteps, type Step } from '../components/numbered-steps';
import { HeroIconArt } from '../components/hero-icon-art';
import { PageHero } from '../components/page-hero';
import { SectionHeading } from '../components/section-heading';
import { getAppName } from '../utils/get-app-name';

const AGENT_REGISTRATION_PATH = '/agent-registration';

interface Programme {
  kind: string;
  title: string;
  icon: ReactNode;
  description: string;
  earnings: string;
  duties: readonly string[];
}

const PROGRAMMES: readonly Programme[] = [
  {
    kind: 'Delivery',
    title: 'Delivery agents',
    icon: <IconTruckDelivery size={26} />,
    description: 'Collect orders from farms and bring them to buyers in your area, on your own schedule.',
    earnings: 'You earn the delivery fee of every delivery you complete, paid into your agent wallet.',
    duties: [
      'See open delivery tasks near your area and accept the ones that suit you',
      'Pick up at the farm, mark each step and hand over against the buyer\u2019s confirmation code',
      'Handle produce with care and keep chilled goods cool',
    ],
  },
  {
    kind: 'Referral',
    title: 'Referral agents',
    icon: <IconShare size={26} />,
    description: 'Bring growers and buyers from your community onto the marketplace with your personal code.',
    earnings: 'You earn a share of our commission on the first orders of every member who joins with your code.',
    duties: [
      'Share your referral code with farms, markets, co-operatives and neighbours',
      'Help new sellers through their application and first listings',
      'Follow your sign-ups and earnings on your referrals page',
    ],
  },
];

const REQUIREMENTS: readonly { icon: ReactNode; text: string }[] = [
  { icon: <IconMoodHappy size={18} />, text: 'Aged 18 or over' },
  { icon: <IconId size={18} />, text: 'A valid identity document' },
  { icon: <IconPhone size={18} />, text: 'A smartphone and a phone number we can reach' },
  { icon: <IconMapPin size={18} />, text: 'Good knowledge of the area you choose to cover' },
  { icon: <IconMotorbike size={18} />, text: 'Delivery agents: a bicycle, motorbike, car or van fit to carry produce' },
  { icon: <IconUsersGroup size={18} />, text: 'Referral agents: a network of growers or buyers who trust you' },
];

const AGENT_STEPS: readonly Step[] = [
  {
    title: 'Register',
    text: 'Choose delivery, referral or both, and tell us your area, your vehicle and how to reach you.',
    icon: <IconUserPlus size={22} />,
  },
  {
    title: 'Get approved',
    text: 'We check your identity and details. Your application status page shows where it stands.',
    icon: <IconClipboardCheck size={22} />,
  },
  {
    title: 'Start working',
    text: 'Accept delivery tasks near you, or share your referral code. Your agent dashboard shows it all.',
    icon: <IconRoute size={22} />,
  },
  {
    title: 'Get paid',
    text: 'Earnings land in your wallet when the order concerned completes. Request a payout when you like.',
    icon: <IconCoin size={22} />,
  },
];

function buildAgentFaq(appName: string): readonly FaqItem[] {
  return [
    {
      question: 'Am I employed by the marketplace?',
      answer: `No. Pulse Agents are independent. You decide when you work, which tasks you take and which area you cover. ${appName} connects you with the work and pays you through your wallet.`,
    },
    {
      question: 'Can I be a delivery agent and a referral agent?',
      answer: 'Yes. Choose both when you register and you will see delivery tasks and your referral code on the same dashboard.',
    },
    {
      question: 'How is a delivery confirmed?',
      answer: 'At the door the buyer gives you their confirmation code, and you can add a photo and the name of the person who received it. If nobody is there, you record a failed attempt with the reason.',
    },
    {
      question: 'How much can I earn?',
      answer: 'Delivery agents earn the fee of each delivery, which depends on the distance. Referral agents earn a share of the commission on the first orders of the members they bring. Your dashboard shows every amount before and after you earn it.',
    },
    {
      question: 'When am I paid?',
      answer: 'Earnings are credited to your wallet when the order is completed by the buyer, or automatically a few days after delivery. You can then request a payout to your own account.',
    },
    {
      question: 'What if something goes wrong on a delivery?',
      answer: 'Message the buyer or seller from the task, and record what happened. Our team can see the whole delivery timeline and will help settle any problem.',
    },
  ];
}

function ProgrammeCard({ programme }: { programme: Programme }) {
  return (
    <Card withBorder radius="lg" padding="xl" h="100%">
      <Group justify="space-between" align="flex-start" mb="md">
        <ThemeIcon size={52} radius="md" variant="light">
          {programme.icon}
        </ThemeIcon>
        <Badge variant="light" radius="sm">
          {programme.kind}
        </Badge>
      </Group>
      <Title order={3} fz="xl" mb={6}>
        {programme.title}
      </Title>
      <Text c="dimmed" mb="md">
        {programme.description}
      </Text>
      <Card radius="md" padding="md" bg="var(--mantine-primary-color-light)" mb="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconCoin size={20} style={{ flexShrink: 0, marginTop: 2 }} color="var(--mantine-primary-color-filled)" aria-hidden />
          <Text fw={600} fz="sm">
            {programme.earnings}
          </Text>
        </Group>
      </Card>
      <List
        spacing="xs"
        fz="sm"
        icon={
          <ThemeIcon size={20} radius="xl" variant="transparent">
            <IconCircleCheck size={18} />
          </ThemeIcon>
        }
      >
        {programme.duties.map((duty) => (
          <List.Item key={duty}>{duty}</List.Item>
        ))}
      </List>
    </Card>
  );
}

/** /pulse-agents: the programme page shown to people who are not agents yet. */
export function PulseAgentsPage() {
  const appName = getAppName();

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap={56}>
        <PageHero
          eyebrow="Agent programme"
          icon={<IconRoute size={22} />}
          title="Pulse Agents"
          lead={`Pulse Agents are the local people who keep ${appName} moving: they carry fresh produce from farms to kitchens and bring new growers and buyers into the community. Work when it suits you and earn as you go.`}
          illustration={
            <HeroIconArt
              main={<IconTruckDelivery size={64} stroke={1.4} />}
              satellites={[
                <IconShare key="share" size={28} />,
                <IconCoin key="coin" size={28} />,
                <IconMapPin key="pin" size={28} />,
              ]}
            />
          }
          hideIllustrationOnPhone
          actions={
            <Button component={Link} to={AGENT_REGISTRATION_PATH} size="md" radius="md" rightSection={<IconArrowRight size={18} />}>
              Register now
            </Button>
          }
        />

        <section aria-labelledby="agents-programmes">
          <SectionHeading
            id="agents-programmes"
            title="Two ways to take part"
            description="Pick the one that fits your week, or do both."
          />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {PROGRAMMES.map((programme) => (
              <ProgrammeCard key={programme.kind} programme={programme} />
            ))}
          </SimpleGrid>
        </section>

        <section aria-labelledby="agents-requirements">
          <SectionHeading id="agents-requirements" title="What you need" />
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {REQUIREMENTS.map((requirement) => (
              <Card key={requirement.text} component="li" withBorder radius="md" padding="md">
                <Group gap="sm" wrap="nowrap">
                  <ThemeIcon size={34} radius="md" variant="light">
                    {requirement.icon}
                  </ThemeIcon>
                  <Text fz="sm" fw={500}>
                    {requirement.text}
                  </Text>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        </section>

        <section aria-labelledby="agents-steps">
          <SectionHeading id="agents-steps" title="How to join" />
          <NumberedSteps steps={AGENT_STEPS} />
        </section>

        <section aria-labelledby="agents-faq">
          <SectionHeading id="agents-faq" title="Frequently asked questions" />
          <FaqAccordion items={buildAgentFaq(appName)} />
        </section>

        <CallToAction
          title="Join the people who move fresh food"
          text="Register in a few minutes. We will review your application and help you with your first task."
          label="Become a Pulse Agent"
          to={AGENT_REGISTRATION_PATH}
        />
      </Stack>
      <ContentFooter />
    </Container>
  );
}
