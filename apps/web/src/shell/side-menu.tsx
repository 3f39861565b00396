import { ActionIcon, Anchor, Avatar, Divider, Drawer, Group, NavLink, Stack, Text, Title } from '@mantine/core';
import {
  IconArrowsExchange,
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandTiktok,
  IconBrandX,
  IconBrandYoutube,
  IconBuildingStore,
  IconHome,
  IconLogin2,
  IconLogout,
  IconMotorbike,
  IconRepeat,
  IconUserCircle,
  IconUsersGroup,
  IconWallet,
  type Icon,
} from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { LanguagePicker } from '../components/language-picker';
import { useAuth } from '../lib/auth/use-auth';
import { useModeSwitch } from '../lib/auth/use-mode-switch';
import { getModeLabel, getSideMenuItems, isSideMenuItemActive, type SideMenuIcon, type SideMenuItem } from './side-menu-items';
import { SOCIAL_LINKS, type SocialLink } from './social-links';
import classes from './side-menu.module.css';

const ITEM_ICONS: Readonly<Record<SideMenuIcon, Icon>> = {
  login: IconLogin2,
  home: IconHome,
  sell: IconBuildingStore,
  switch: IconArrowsExchange,
  profile: IconUserCircle,
  wallet: IconWallet,
  'standing-orders': IconRepeat,
  agent: IconMotorbike,
  hub: IconUsersGroup,
  logout: IconLogout,
};

const SOCIAL_ICONS: Readonly<Record<SocialLink['name'], Icon>> = {
  X: IconBrandX,
  Instagram: IconBrandInstagram,
  LinkedIn: IconBrandLinkedin,
  YouTube: IconBrandYoutube,
  Facebook: IconBrandFacebook,
  TikTok: IconBrandTiktok,
};

export const SIDE_MENU_WIDTH = '70vw';

export function SideMenu({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { user, mode, logout } = useAuth();
  const { switchMode, isSwitching } = useModeSwitch();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const items = getSideMenuItems({ user, mode });
  const { i18n, t } = useLingui();

  const openAccount = () => {
    onClose();
    void navigate('/account');
  };

  const chooseItem = (item: SideMenuItem) => {
    onClose();
    if (item.kind === 'link') {
      void navigate(item.to);
    } else if (item.action === 'switch-mode') {
      void switchMode();
    } else {
      void logout();
    }
  };

  return (
    <Drawer.Root
      opened={opened}
      onClose={onClose}
      position="right"
      size={SIDE_MENU_WIDTH}
      classNames={{ content: classes.content, header: classes.header, body: classes.body }}
    >
      <Drawer.Overlay backgroundOpacity={0.4} blur={2} />
      <Drawer.Content data-testid="side-menu">
        <Drawer.Header>
          <div className={classes.headerInner}>
            {user ? (
              <Group gap="sm" wrap="nowrap" className={classes.identity}>
                <Avatar src={user.profile_picture_url} alt="" radius="xl" size={48} color="primary">
                  <IconUserCircle size={28} />
                </Avatar>
                <Stack gap={0} className={classes.identityText}>
                  <Drawer.Title className={classes.username} data-testid="menu-username">
                    {user.username}
                  </Drawer.Title>
                  <Text size="sm" c="dimmed" data-testid="menu-mode-label">
                    {i18n._(getModeLabel(mode))}
                  </Text>
                  {/* The spec fixes the items; the header's account link is where the account page lives (decision 051). */}
                  <Anchor component="button" type="button" size="sm" fw={600} ta="left" onClick={openAccount} data-testid="menu-account-link">
                    <Trans>Account and devices</Trans>
                  </Anchor>
                </Stack>
              </Group>
            ) : (
              <Drawer.Title className={classes.username}>
                <Trans>Menu</Trans>
              </Drawer.Title>
            )}
            <Drawer.CloseButton aria-label={t`Close menu`} />
          </div>
        </Drawer.Header>
        <Drawer.Body>
          <nav aria-label={t`Menu`} className={classes.items}>
            {items.map((item) => {
              const IconComponent = ITEM_ICONS[item.icon];
              return (
                <NavLink
                  key={item.id}
                  component="button"
                  type="button"
                  label={i18n._(item.label)}
                  leftSection={<IconComponent size={22} stroke={1.7} aria-hidden />}
                  onClick={() => chooseItem(item)}
                  active={isSideMenuItemActive(item, pathname)}
                  aria-current={isSideMenuItemActive(item, pathname) ? 'page' : undefined}
                  disabled={item.id === 'switch-mode' && isSwitching}
                  className={item.id === 'logout' ? `${classes.item} ${classes.logout}` : classes.item}
                />
              );
            })}
          </nav>
          <Divider my="lg" />
          <footer className={classes.footer}>
            <LanguagePicker />
            <Title order={3} size="h6" c="dimmed" mb="sm" mt="lg">
              <Trans>Follow Us</Trans>
            </Title>
            {/* Six links on one row even in a 70vw drawer on a 390px phone. */}
            <Group gap={6} wrap="nowrap">
              {SOCIAL_LINKS.map((link) => {
                const IconComponent = SOCIAL_ICONS[link.name];
                return (
                  <ActionIcon
                    key={link.name}
                    component="a"
                    href={link.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={link.name}
                    variant="light"
                    color="gray"
                    size={34}
                    radius="xl"
                  >
                    <IconComponent size={18} stroke={1.7} />
                  </ActionIcon>
                );
              })}
            </Group>
          </footer>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
