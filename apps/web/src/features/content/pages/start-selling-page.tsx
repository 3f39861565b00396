import { Button, Card, Container, Grid, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconArrowRight,
  IconBuildingStore,
  IconCarrot,
  IconChartLine,
  IconCircleCheck,
  IconClipboardCheck,
  IconCoin,
  IconMapPin,
  IconPackage,
  IconShieldCheck,
  IconTruckDelivery,
  IconUserPlus,
  IconUsersGroup,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { CallToAction } from '../components/call-to-action';
import { ContentFooter } from '../components/content-footer';
import { FaqAccordion, type FaqItem } from '../components/faq-accordion';
import { FeatureCard } from '../components/feature-card';
import { NumberedSteps, type Step } from '../components/numbered-steps';
import { HeroIconArt } from '../components/hero-icon-art';
import { PageHero } from '../components/page-hero';
import { SectionHeading } from '../components/section-heading';
import { getAppName } from '../../../lib/get-app-name';

const SELLER_SIGNUP_PATH = '/seller-signup';

/** /sellers: why and how to sell; every path leads to the seller application. */
export function StartSellingPage() {
  const { t } = useLingui();
  const appName = getAppName();
  const sellingSteps: readonly Step[] = [
    {
      title: t`Apply`,
      text: t`Tell us about your farm or workshop, what you grow or make, where you are and how you want to be paid. It only takes a few minutes.`,
      icon: <IconUserPlus size={22} />,
    },
    {
      title: t`Get approved`,
      text: t`A member of our team reviews every application by hand. You can follow its progress on your application status page.`,
      icon: <IconClipboardCheck size={22} />,
    },
    {
      title: t`List your produce`,
      text: t`Add photos, price per unit, stock and harvest date. Switch to seller mode any time to manage orders from your dashboard.`,
      icon: <IconPackage size={22} />,
    },
    {
      title: t`Get paid`,
      text: t`When an order completes, the payment moves from escrow into your wallet. Request a payout whenever you like.`,
      icon: <IconCoin size={22} />,
    },
  ];

  const feePoints = [
    t`No cost to apply or to open your shop`,
    t`You set your own prices`,
    t`The rate is shown to you before you submit your application`,
    t`Cancelled and refunded orders cost you nothing`,
  ];

  const sellerFaq: readonly FaqItem[] = [
    {
      question: t`Who can sell?`,
      answer: t`Farms, smallholders, gardeners, beekeepers, foragers and makers of nature crafts who grow, raise, gather or make what they sell. You need to be 18 or over and able to sell food or goods legally where you are.`,
    },
    {
      question: t`What can I sell?`,
      answer:
        t`Vegetables, fruits, grains, dairy and eggs, meat and fish, herbs and spices, honey and preserves, plants and seeds, and nature crafts. Produce must be safe, honestly described and allowed to be sold where you are.`,
    },
    {
      question: t`What do I need to apply?`,
      answer: t`Your business or farm name, its location, the kinds of produce you sell, a phone number, payout details and an identity document. Have a photo of your ID ready before you start.`,
    },
    {
      question: t`How long does approval take?`,
      answer: t`Every application is reviewed by a person, in the order it arrives. Your application status page shows where it stands. If we need anything else we will tell you, and if an application is declined we explain why so you can fix it and apply again.`,
    },
    {
      question: t`How and when am I paid?`,
      answer: t`Buyers pay ${appName} when they order, and the money is held in escrow. When the buyer confirms receipt, or a few days after delivery if they raise no problem, the price less the commission moves to your wallet. From there you can request a payout to your registered account.`,
    },
    {
      question: t`Do I have to deliver orders myself?`,
      answer: t`No. Buyers can collect from you or choose delivery by a Pulse Agent, who picks up the order from your farm at the agreed slot. You just have it packed and ready.`,
    },
    {
      question: t`What if a buyer is unhappy with an order?`,
      answer: t`The buyer can request a refund from the order page, with a description and photos. You can respond and offer a solution. If you cannot agree, our team reviews the order and decides fairly for both sides.`,
    },
    {
      question: t`Can I still buy when I am a seller?`,
      answer: t`Yes. One account holds both. Switch between buyer and seller mode from the menu at any time.`,
    },
  ];

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap={56}>
        <PageHero
          eyebrow={t`For farms and makers`}
          icon={<IconBuildingStore size={22} />}
          title={t`Start selling`}
          lead={t`Open your shop on ${appName} and sell your harvest to buyers near you. You set the prices; we handle secure payment, delivery and the paperwork in between.`}
          illustration={
            <HeroIconArt
              main={<IconBuildingStore size={64} stroke={1.4} />}
              satellites={[
                <IconCarrot key="carrot" size={28} />,
                <IconCoin key="coin" size={28} />,
                <IconTruckDelivery key="truck" size={28} />,
              ]}
            />
          }
          hideIllustrationOnPhone
          actions={
            <Button component={Link} to={SELLER_SIGNUP_PATH} size="md" radius="md" rightSection={<IconArrowRight size={18} />}>
              <Trans>Apply now</Trans>
            </Button>
          }
        />

        <section aria-labelledby="sellers-why">
          <SectionHeading id="sellers-why" title={t`Why sell on ${appName}`} />
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
            <FeatureCard icon={<IconMapPin size={24} />} title={t`Buyers close to you`}>
              <Trans>
                People search by what is in season and how near it is, so your produce is found by those who can get it
                fresh.
              </Trans>
            </FeatureCard>
            <FeatureCard icon={<IconShieldCheck size={24} />} title={t`Payment you can count on`}>
              <Trans>Buyers pay before you pack. The money waits in escrow and reaches your wallet when the order completes.</Trans>
            </FeatureCard>
            <FeatureCard icon={<IconTruckDelivery size={24} />} title={t`Delivery handled`}>
              <Trans>Local Pulse Agents collect from your farm and deliver, or buyers come to you for pickup.</Trans>
            </FeatureCard>
            <FeatureCard icon={<IconChartLine size={24} />} title={t`A dashboard that keeps up`}>
              <Trans>Orders to fulfil, stock, earnings and payouts in one place, on your phone or computer.</Trans>
            </FeatureCard>
            <FeatureCard icon={<IconUsersGroup size={24} />} title={t`Your own following`}>
              <Trans>Share the season on Pulse Hub, link posts to your products and receive tips from fans.</Trans>
            </FeatureCard>
            <FeatureCard icon={<IconBuildingStore size={24} />} title={t`Your shop, your way`}>
              <Trans>A shop profile with your story and reviews, and prices you set yourself.</Trans>
            </FeatureCard>
          </SimpleGrid>
        </section>

        <section aria-labelledby="sellers-steps">
          <SectionHeading id="sellers-steps" title={t`How to start`} description={t`Four steps from application to your first payout.`} />
          <NumberedSteps steps={sellingSteps} />
        </section>

        <section aria-labelledby="sellers-fees">
          <Card withBorder radius="lg" padding="xl">
            <Grid gap="xl" align="center">
              <Grid.Col span={{ base: 12, md: 6 }}>
                <Stack gap="sm">
                  <Title order={2} id="sellers-fees" fz={{ base: 24, sm: 30 }}>
                    <Trans>Fees</Trans>
                  </Title>
                  <Text fz="xl" fw={700} c="var(--mantine-primary-color-filled)">
                    <Trans>A commission on each completed order</Trans>
                  </Text>
                  <Text c="dimmed">
                    <Trans>
                      That is the only fee you pay to sell. It is taken when the payment is released to you, so you pay only
                      for orders that went through.
                    </Trans>
                  </Text>
                </Stack>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <List
                  spacing="sm"
                  icon={
                    <ThemeIcon size={24} radius="xl" variant="light">
                      <IconCircleCheck size={16} />
                    </ThemeIcon>
                  }
                >
                  {feePoints.map((point) => (
                    <List.Item key={point}>{point}</List.Item>
                  ))}
                </List>
              </Grid.Col>
            </Grid>
          </Card>
        </section>

        <section aria-labelledby="sellers-faq">
          <SectionHeading id="sellers-faq" title={t`Frequently asked questions`} />
          <FaqAccordion items={sellerFaq} />
        </section>

        <CallToAction
          title={t`Ready to open your shop?`}
          text={t`Apply today. We will guide you through approval and your first listing.`}
          label={t`Apply to sell`}
          to={SELLER_SIGNUP_PATH}
        />
      </Stack>
      <ContentFooter />
    </Container>
  );
}
