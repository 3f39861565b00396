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
import { Trans, useLingui } from '@lingui/react/macro';
import { CallToAction } from '../components/call-to-action';
import { ContentFooter } from '../components/content-footer';
import { FaqAccordion, type FaqItem } from '../components/faq-accordion';
import { NumberedSteps, type Step } from '../components/numbered-steps';
import { HeroIconArt } from '../components/hero-icon-art';
import { PageHero } from '../components/page-hero';
import { SectionHeading } from '../components/section-heading';
import { getAppName } from '../../../lib/get-app-name';

const AGENT_REGISTRATION_PATH = '/agent-registration';

interface Programme {
  kind: string;
  title: string;
  icon: ReactNode;
  description: string;
  earnings: string;
  duties: readonly string[];
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
  const { t } = useLingui();
  const appName = getAppName();
  const programmes: readonly Programme[] = [
    {
      kind: t`Delivery`,
      title: t`Delivery agents`,
      icon: <IconTruckDelivery size={26} />,
      description: t`Collect orders from farms and bring them to buyers in your area, on your own schedule.`,
      earnings: t`You earn the delivery fee of every delivery you complete, paid into your agent wallet.`,
      duties: [
        t`See open delivery tasks near your area and accept the ones that suit you`,
        t`Pick up at the farm, mark each step and hand over against the buyer’s confirmation code`,
        t`Handle produce with care and keep chilled goods cool`,
      ],
    },
    {
      kind: t`Referral`,
      title: t`Referral agents`,
      icon: <IconShare size={26} />,
      description: t`Bring growers and buyers from your community onto the marketplace with your personal code.`,
      earnings: t`You earn a share of our commission on the first orders of every member who joins with your code.`,
      duties: [
        t`Share your referral code with farms, markets, co-operatives and neighbours`,
        t`Help new sellers through their application and first listings`,
        t`Follow your sign-ups and earnings on your referrals page`,
      ],
    },
  ];

  const requirements: readonly { icon: ReactNode; text: string }[] = [
    { icon: <IconMoodHappy size={18} />, text: t`Aged 18 or over` },
    { icon: <IconId size={18} />, text: t`A valid identity document` },
    { icon: <IconPhone size={18} />, text: t`A smartphone and a phone number we can reach` },
    { icon: <IconMapPin size={18} />, text: t`Good knowledge of the area you choose to cover` },
    { icon: <IconMotorbike size={18} />, text: t`Delivery agents: a bicycle, motorbike, car or van fit to carry produce` },
    { icon: <IconUsersGroup size={18} />, text: t`Referral agents: a network of growers or buyers who trust you` },
  ];

  const agentSteps: readonly Step[] = [
    {
      title: t`Register`,
      text: t`Choose delivery, referral or both, and tell us your area, your vehicle and how to reach you.`,
      icon: <IconUserPlus size={22} />,
    },
    {
      title: t`Get approved`,
      text: t`We check your identity and details. Your application status page shows where it stands.`,
      icon: <IconClipboardCheck size={22} />,
    },
    {
      title: t`Start working`,
      text: t`Accept delivery tasks near you, or share your referral code. Your agent dashboard shows it all.`,
      icon: <IconRoute size={22} />,
    },
    {
      title: t`Get paid`,
      text: t`Earnings land in your wallet when the order concerned completes. Request a payout when you like.`,
      icon: <IconCoin size={22} />,
    },
  ];

  const agentFaq: readonly FaqItem[] = [
    {
      question: t`Am I employed by the marketplace?`,
      answer: t`No. Pulse Agents are independent. You decide when you work, which tasks you take and which area you cover. ${appName} connects you with the work and pays you through your wallet.`,
    },
    {
      question: t`Can I be a delivery agent and a referral agent?`,
      answer: t`Yes. Choose both when you register and you will see delivery tasks and your referral code on the same dashboard.`,
    },
    {
      question: t`How is a delivery confirmed?`,
      answer: t`At the door the buyer gives you their confirmation code, and you can add a photo and the name of the person who received it. If nobody is there, you record a failed attempt with the reason.`,
    },
    {
      question: t`How much can I earn?`,
      answer: t`Delivery agents earn the fee of each delivery, which depends on the distance. Referral agents earn a share of the commission on the first orders of the members they bring. Your dashboard shows every amount before and after you earn it.`,
    },
    {
      question: t`When am I paid?`,
      answer: t`Earnings are credited to your wallet when the order is completed by the buyer, or automatically a few days after delivery. You can then request a payout to your own account.`,
    },
    {
      question: t`What if something goes wrong on a delivery?`,
      answer: t`Message the buyer or seller from the task, and record what happened. Our team can see the whole delivery timeline and will help settle any problem.`,
    },
  ];

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap={56}>
        <PageHero
          eyebrow={t`Agent programme`}
          icon={<IconRoute size={22} />}
          title={t`Pulse Agents`}
          lead={t`Pulse Agents are the local people who keep ${appName} moving: they carry fresh produce from farms to kitchens and bring new growers and buyers into the community. Work when it suits you and earn as you go.`}
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
              <Trans>Register now</Trans>
            </Button>
          }
        />

        <section aria-labelledby="agents-programmes">
          <SectionHeading
            id="agents-programmes"
            title={t`Two ways to take part`}
            description={t`Pick the one that fits your week, or do both.`}
          />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {programmes.map((programme) => (
              <ProgrammeCard key={programme.title} programme={programme} />
            ))}
          </SimpleGrid>
        </section>

        <section aria-labelledby="agents-requirements">
          <SectionHeading id="agents-requirements" title={t`What you need`} />
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {requirements.map((requirement) => (
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
          <SectionHeading id="agents-steps" title={t`How to join`} />
          <NumberedSteps steps={agentSteps} />
        </section>

        <section aria-labelledby="agents-faq">
          <SectionHeading id="agents-faq" title={t`Frequently asked questions`} />
          <FaqAccordion items={agentFaq} />
        </section>

        <CallToAction
          title={t`Join the people who move fresh food`}
          text={t`Register in a few minutes. We will review your application and help you with your first task.`}
          label={t`Become a Pulse Agent`}
          to={AGENT_REGISTRATION_PATH}
        />
      </Stack>
      <ContentFooter />
    </Container>
  );
}
