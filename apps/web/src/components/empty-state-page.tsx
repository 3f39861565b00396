import { useLingui } from '@lingui/react';
import { Button, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAddressBook,
  IconBasket,
  IconBell,
  IconBuildingStore,
  IconCirclePlus,
  IconClipboardCheck,
  IconLayoutDashboard,
  IconLeaf,
  IconMessageCircle,
  IconMessages,
  IconPackage,
  IconReceiptRefund,
  IconRoute,
  IconSearch,
  IconShoppingBag,
  IconSparkles,
  IconTruckDelivery,
  IconUserPlus,
  IconUsersGroup,
  IconWallet,
  IconActivityHeartbeat,
  IconMotorbike,
  type Icon,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import type { EmptyStateIcon, PageProps } from '../app/route-types';
import { EMPTY_STATE_CONTENT } from './empty-state-content';

const ICONS: Readonly<Record<EmptyStateIcon, Icon>> = {
  products: IconLeaf,
  seller: IconBuildingStore,
  product: IconPackage,
  address: IconAddressBook,
  dashboard: IconLayoutDashboard,
  search: IconSearch,
  add: IconCirclePlus,
  orders: IconShoppingBag,
  messages: IconMessages,
  notifications: IconBell,
  basket: IconBasket,
  delivery: IconTruckDelivery,
  chat: IconMessageCircle,
  agent: IconMotorbike,
  referrals: IconUserPlus,
  tasks: IconRoute,
  wallet: IconWallet,
  refunds: IconReceiptRefund,
  status: IconClipboardCheck,
  hub: IconUsersGroup,
  pulse: IconActivityHeartbeat,
  assistant: IconSparkles,
};

/** The page of every route whose content comes in a later issue: what will be here, and a way on. */
export function EmptyStatePage({ route }: PageProps) {
  const content = EMPTY_STATE_CONTENT[route.id];
  const IconComponent = content ? ICONS[content.icon] : IconLeaf;
  const { i18n } = useLingui();

  return (
    <Container size="sm" py={{ base: 48, sm: 80 }}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={88} radius={44} variant="light" aria-hidden>
          <IconComponent size={44} stroke={1.6} />
        </ThemeIcon>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {i18n._(route.titleMessage)}
        </Title>
        {content && (
          <>
            <Text c="dimmed" size="lg" maw={460}>
              {i18n._(content.description)}
            </Text>
            <Button component={Link} to={content.action.to} size="md" mt="sm">
              {i18n._(content.action.label)}
            </Button>
          </>
        )}
      </Stack>
    </Container>
  );
}
