import { Button, Container, SimpleGrid, Stack } from '@mantine/core';
import { IconArrowRight, IconBuildingStore, IconShoppingBag, IconTruckDelivery, IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { CallToAction } from '../components/call-to-action';
import { CategoryTiles } from '../components/category-tiles';
import { ContentFooter } from '../components/content-footer';
import { FarmIllustration } from '../components/farm-illustration';
import { FeatureCard } from '../components/feature-card';
import { PageHero } from '../components/page-hero';
import { SectionHeading } from '../components/section-heading';
import { getAppName } from '../../../lib/get-app-name';

/** The welcome page (/home): what the marketplace is, where to start, and how it works. */
export function HomePage() {
  const { t } = useLingui();
  const appName = getAppName();

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap={56}>
        <PageHero
          eyebrow={t`Farm and nature produce`}
          title={t`Welcome to ${appName}`}
          lead={t`Buy fresh food straight from the farms and growers near you. Pay safely, get it delivered by a local Pulse Agent, and meet the people who grow it on Pulse Hub.`}
          illustration={<FarmIllustration />}
          actions={
            <>
              <Button component={Link} to="/product-listing" size="md" radius="md" rightSection={<IconArrowRight size={18} />}>
                <Trans>Browse produce</Trans>
              </Button>
              <Button component={Link} to="/sellers" size="md" radius="md" variant="default" leftSection={<IconBuildingStore size={18} />}>
                <Trans>Start selling</Trans>
              </Button>
            </>
          }
        />

        <section aria-labelledby="home-categories">
          <SectionHeading
            id="home-categories"
            title={t`Shop by category`}
            description={t`Everything here is grown, raised, gathered or made by the seller who lists it.`}
          />
          <CategoryTiles />
        </section>

        <section aria-labelledby="home-how-it-works">
          <SectionHeading id="home-how-it-works" title={t`How it works`} description={t`From the field to your door in three parts.`} />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <FeatureCard icon={<IconShoppingBag size={24} />} title={t`Buy from farms`}>
              <Trans>
                Fill one basket from several growers. Prices and stock come straight from the farm, and your payment is
                held safely until your order arrives.
              </Trans>
            </FeatureCard>
            <FeatureCard icon={<IconTruckDelivery size={24} />} title={t`Delivered by Pulse Agents`}>
              <Trans>
                Local delivery agents pick up from the farm and bring it to you. Follow each step, then hand over your
                confirmation code at the door. Prefer to collect? Choose pickup.
              </Trans>
            </FeatureCard>
            <FeatureCard icon={<IconUsersGroup size={24} />} title={t`Pulse Hub community`}>
              <Trans>
                See what is being harvested this week, follow growers you like, ask questions, and tip the posts that
                help you.
              </Trans>
            </FeatureCard>
          </SimpleGrid>
        </section>

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <CallToAction
            title={t`Grow it? Sell it here.`}
            text={t`Open a shop, list your harvest and get paid to your wallet when orders are completed.`}
            label={t`Learn about selling`}
            to="/sellers"
          />
          <CallToAction
            title={t`Deliver or refer, and earn`}
            text={t`Join the Pulse Agents who move produce around your area or bring new growers and buyers in.`}
            label={t`Explore Pulse Agents`}
            to="/pulse-agents"
          />
        </SimpleGrid>

      </Stack>
      <ContentFooter />
    </Container>
  );
}
