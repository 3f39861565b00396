import { Anchor, Button, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBuildingStore,
  IconHeartHandshake,
  IconLeaf,
  IconMail,
  IconMessageCircle,
  IconPlant2,
  IconScale,
  IconShieldCheck,
  IconShoppingBag,
  IconTruckDelivery,
  IconUsersGroup,
  IconWallet,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { ContentFooter } from '../components/content-footer';
import { FeatureCard } from '../components/feature-card';
import { NumberedSteps, type Step } from '../components/numbered-steps';
import { HeroIconArt } from '../components/hero-icon-art';
import { PageHero } from '../components/page-hero';
import { SectionHeading } from '../components/section-heading';
import { getAppName } from '../../../lib/get-app-name';
import { getContactEmail } from '../utils/get-contact-email';

export function AboutPage() {
  const { t } = useLingui();
  const appName = getAppName();
  const marketplaceSteps: readonly Step[] = [
    {
      title: t`Growers list their harvest`,
      text: t`Approved farms and makers add what is ready this week, with the harvest date, where it was grown and how much is left.`,
      icon: <IconPlant2 size={22} />,
    },
    {
      title: t`Buyers order and pay safely`,
      text: t`One basket can hold produce from several farms. Payment waits in escrow, so nobody is paid for something that never arrived.`,
      icon: <IconShoppingBag size={22} />,
    },
    {
      title: t`Pulse Agents deliver`,
      text: t`A local delivery agent collects from the farm and brings the order to the door, or the buyer picks it up at the farm.`,
      icon: <IconTruckDelivery size={22} />,
    },
    {
      title: t`Everyone gets paid`,
      text: t`When the buyer confirms, the seller receives the price and the agent the delivery fee, straight into their wallets.`,
      icon: <IconWallet size={22} />,
    },
  ];
  const contactEmail = getContactEmail();

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap={56}>
        <PageHero
          eyebrow={t`Our story`}
          icon={<IconLeaf size={22} />}
          title={t`About ${appName}`}
          lead={t`${appName} connects the people who grow food and gather from nature with the people who cook it, and the neighbours who carry it between them. Fewer middlemen, fresher produce, fairer prices.`}
          illustration={
            <HeroIconArt
              main={<IconLeaf size={64} stroke={1.4} />}
              satellites={[
                <IconShoppingBag key="bag" size={28} />,
                <IconUsersGroup key="people" size={28} />,
                <IconHeartHandshake key="hands" size={28} />,
              ]}
            />
          }
          hideIllustrationOnPhone
        />

        <section aria-labelledby="about-mission">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
            <Stack gap="sm">
              <Title order={2} id="about-mission" fz={{ base: 24, sm: 30 }}>
                <Trans>Our mission</Trans>
              </Title>
              <Text lh={1.7}>
                <Trans>
                  Small farms grow some of the best food there is, yet much of it never reaches the people nearby who would
                  love to buy it. Traders take a large share, produce waits too long on the way, and growers rarely meet the
                  families they feed.
                </Trans>
              </Text>
              <Text lh={1.7}>
                <Trans>
                  We are building the shortest honest path from field to kitchen: a marketplace where every listing comes
                  from the person who grew or made it, payment is protected for both sides, and local people earn by
                  delivering it.
                </Trans>
              </Text>
            </Stack>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <FeatureCard icon={<IconShoppingBag size={24} />} title={t`For buyers`}>
                <Trans>Seasonal food with a name and a place behind it, delivered or ready to collect.</Trans>
              </FeatureCard>
              <FeatureCard icon={<IconBuildingStore size={24} />} title={t`For sellers`}>
                <Trans>A shop of your own, buyers nearby, and payment you can count on.</Trans>
              </FeatureCard>
              <FeatureCard icon={<IconTruckDelivery size={24} />} title={t`For Pulse Agents`}>
                <Trans>Flexible, local work delivering orders or bringing new members in.</Trans>
              </FeatureCard>
              <FeatureCard icon={<IconUsersGroup size={24} />} title={t`For everyone`}>
                <Trans>Pulse Hub, a feed where growers show the season and buyers say thank you.</Trans>
              </FeatureCard>
            </SimpleGrid>
          </SimpleGrid>
        </section>

        <section aria-labelledby="about-how-it-works">
          <SectionHeading id="about-how-it-works" title={t`How the marketplace works`} />
          <NumberedSteps steps={marketplaceSteps} />
        </section>

        <section aria-labelledby="about-values">
          <SectionHeading id="about-values" title={t`What we value`} />
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
            <FeatureCard icon={<IconLeaf size={24} />} title={t`Freshness you can trace`}>
              <Trans>Every listing shows who grew it, where, and when it was harvested.</Trans>
            </FeatureCard>
            <FeatureCard icon={<IconScale size={24} />} title={t`Fair to growers`}>
              <Trans>Sellers set their own prices and pay only a commission on orders that complete.</Trans>
            </FeatureCard>
            <FeatureCard icon={<IconShieldCheck size={24} />} title={t`Trust on both sides`}>
              <Trans>Reviewed sellers and agents, escrow payments and a team that settles disputes.</Trans>
            </FeatureCard>
            <FeatureCard icon={<IconHeartHandshake size={24} />} title={t`Community first`}>
              <Trans>Local agents, open conversations and a feed that celebrates the people behind the food.</Trans>
            </FeatureCard>
          </SimpleGrid>
        </section>

        <section aria-labelledby="about-contact">
          <Card withBorder radius="lg" padding="xl">
            <Group justify="space-between" align="center" gap="lg">
              <Stack gap={6} style={{ flex: '1 1 320px', minWidth: 0 }}>
                <Title order={2} id="about-contact" fz={{ base: 24, sm: 30 }}>
                  <Trans>Contact us</Trans>
                </Title>
                <Text c="dimmed">
                  <Trans>
                    Questions, ideas or a farm you think should be here? We read every message. For help with an order,
                    message the seller from the order page first.
                  </Trans>
                </Text>
                <Group gap="xs" wrap="nowrap" mt={4}>
                  <ThemeIcon size={28} radius="xl" variant="light">
                    <IconMail size={16} />
                  </ThemeIcon>
                  <Anchor href={`mailto:${contactEmail}`} fw={600} style={{ wordBreak: 'break-all' }}>
                    {contactEmail}
                  </Anchor>
                </Group>
              </Stack>
              <Button component={Link} to="/pulse-assistant" variant="light" size="md" radius="md" leftSection={<IconMessageCircle size={18} />}>
                <Trans>Ask Pulse Assistant</Trans>
              </Button>
            </Group>
          </Card>
        </section>
      </Stack>
      <ContentFooter />
    </Container>
  );
}
