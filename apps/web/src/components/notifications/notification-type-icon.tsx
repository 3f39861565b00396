import { ThemeIcon } from '@mantine/core';
import {
  IconArrowBackUp,
  IconBell,
  IconCash,
  IconCashOff,
  IconClipboardCheck,
  IconCoin,
  IconFlag,
  IconHeart,
  IconMessageCircle,
  IconMessageReply,
  IconMessages,
  IconRepeat,
  IconShoppingBag,
  IconSpeakerphone,
  IconTruckDelivery,
  type Icon,
} from '@tabler/icons-react';
import type { TNotificationType } from '@pulse/contract/notifications';

const TYPE_ICONS: Readonly<Record<TNotificationType, { icon: Icon; color: string }>> = {
  post_comment: { icon: IconMessageCircle, color: 'blue' },
  comment_reply: { icon: IconMessageReply, color: 'cyan' },
  like: { icon: IconHeart, color: 'pink' },
  tip: { icon: IconCoin, color: 'yellow' },
  report: { icon: IconFlag, color: 'red' },
  new_message: { icon: IconMessages, color: 'teal' },
  order_update: { icon: IconShoppingBag, color: 'green' },
  application_update: { icon: IconClipboardCheck, color: 'violet' },
  delivery_update: { icon: IconTruckDelivery, color: 'orange' },
  announcement: { icon: IconSpeakerphone, color: 'grape' },
  payout_sent: { icon: IconCash, color: 'green' },
  payout_failed: { icon: IconCashOff, color: 'red' },
  payout_returned: { icon: IconArrowBackUp, color: 'orange' },
  standing_order_update: { icon: IconRepeat, color: 'green' },
};

export function NotificationTypeIcon({ type }: { type: TNotificationType }) {
  const entry = TYPE_ICONS[type] ?? { icon: IconBell, color: 'gray' };
  const IconComponent = entry.icon;
  return (
    <ThemeIcon size={40} radius={20} variant="light" color={entry.color} aria-hidden>
      <IconComponent size={20} stroke={1.8} />
    </ThemeIcon>
  );
}
