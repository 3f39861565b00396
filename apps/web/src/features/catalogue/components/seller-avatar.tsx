import { Avatar } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { resolveMediaUrl } from '../../../lib/media-url';

export function SellerAvatar({ name, pictureUrl, size = 48 }: { name: string; pictureUrl: string | null; size?: number }) {
  return (
    <Avatar src={pictureUrl ? resolveMediaUrl(pictureUrl) : null} alt={name} size={size} radius="xl" color="green" variant="light">
      <IconBuildingStore size={size * 0.5} aria-hidden />
    </Avatar>
  );
}
