import { useLingui } from '@lingui/react/macro';
import { Button, type ButtonProps } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import type { TConversationSubjectKind } from '@pulse/contract/messages';
import { useAuth } from '../lib/auth/use-auth';
import { SESSION_KEYS, writeSessionValue } from '../lib/session-keys';
import { postConversation } from '../lib/post-conversation';

export interface MessageSellerButtonProps extends Omit<ButtonProps, 'children' | 'onClick' | 'loading'> {
  sellerUserId: string;
  /** What the conversation is about; omitted for a general chat with the seller. */
  subject?: { kind: TConversationSubjectKind; id: string };
  label?: string;
}

/**
 * "Message seller" wherever a seller is shown: opens the conversation with them (created on first
 * use, the same one afterwards) at /chat/:id. A visitor signs in first and comes back to this page.
 * Hidden on the user's own products and shop.
 */
export function MessageSellerButton({ sellerUserId, subject, label, ...buttonProps }: MessageSellerButtonProps) {
  const { t } = useLingui();
  const { user, isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const start = useMutation({
    mutationFn: () => postConversation({ otherUserId: sellerUserId, ...(subject ? { subject } : {}) }),
    onSuccess: (conversation) => void navigate(`/chat/${conversation.id}`),
  });

  if (user && user.id === sellerUserId) return null;

  const openChat = () => {
    if (!isAuthenticated) {
      writeSessionValue(SESSION_KEYS.redirectDestination, `${location.pathname}${location.search}`);
      void navigate('/login');
      return;
    }
    start.mutate();
  };

  return (
    <Button leftSection={<IconMessageCircle size={18} aria-hidden />} variant="light" {...buttonProps} onClick={openChat} loading={start.isPending}>
      {label ?? t`Message seller`}
    </Button>
  );
}
