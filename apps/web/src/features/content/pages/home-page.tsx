import { Button, Container, SimpleGrid, Stack } from '@mantine/core';
import { IconArrowRight, IconBuildingStore, IconShoppingBag, IconTruckDelivery, IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CallToAction } from '../components/call-to-action';
import { CategoryTiles } from '../components/category-tiles';
import { ContentFooter } from '../components/content-footer';
import { FarmIllustration } from '../components/farm-illustration';
import { FeatureCard } from '../components/feature-card';
import { PageHero } from '../components/page-hero';
import { SectionHeading } from '../components/section-heading';
import { getAppName } from '../utils/get-app-name';

/** The welcome page (/home): what the marketplace is, where to start, and how it works. */
export function HomePage() {
  const appName = getAppName();

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap={56}>
        <PageHero
          eyebrow="Farm and nature produce"
          title={`Welcome to ${appName}`}
          lead="Buy fresh food straight from the farms and growers near you. Pay safely, get it delivered by a local Pulse Agent, and meet the people who grow it on Pulse Hub."
          illustration={<FarmIllustration />}
          actions={
            <>
              <Button component={Link} to="/product-listing" size="md" radius="md" rightSection={<IconArrowRight size={18} />}>
                Browse produce
              </Button>
              <Button component={Link} to="/sellers" size="md" radius="md" variant="default" leftSection={<IconBuildingStore size={18} />}>
                Start selling
              </Button>
            </>
          }
        />

        <section aria-labelledby="home-categories">
          <SectionHeading
            id="home-categories"
            title="Shop by category"
            description="Everything here is grown, raised, gathered or made by the seller who lists it."
          />
          <CategoryTiles />
        </section>

        <section aria-labelledby="home-how-it-works">
          <SectionHeading id="home-how-it-works" title="How it works" description="From the field to your door in three parts." />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <FeatureCard icon={<IconShoppingBag size={24} />} title="Buy from farms">
              Fill one basket from several growers. Prices and stock come straight from the farm, and your payment is
              held safely until your order arrives.
            </FeatureCard>
            <FeatureCard icon={<IconTruckDelivery size={24} />} title="Delivered by Pulse Agents">
              Local delivery agents pick up from the farm and bring it to you. Follow each step, then hand over your
              confirmation code at the door. Prefer to collect? Choose pickup.
            </FeatureCard>
            <FeatureCard icon={<IconUsersGroup size={24} />} title="Pulse Hub community">
              See what is being harvested this week, follow growers you like, ask questions, and tip the posts that
              help you.
            </FeatureCard>
          </SimpleGrid>
        </section>

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <CallToAction
            title="Grow it? Sell it here."
            text="Open a shop, list your harvest and get paid to your wallet when orders are completed."
            label="Learn about selling"
            to="/sellers"
          />
          <CallToAction
            title="Deliver or refer, and earn"
            text="Join the Pulse Agents who move produce around your area or bring new growers and buyers in."
            label="Explore Pulse Agents"
            to="/pulse-agents"
          />
        </SimpleGrid>

      </Stack>
      <ContentFooter />
    </Container>
  );
}
