import type { MessageDescriptor } from '@lingui/core';
import type { ComponentType } from 'react';

export type RouteAccess = 'public' | 'signed-in';

export type EmptyStateIcon =
  | 'products'
  | 'seller'
  | 'product'
  | 'address'
  | 'dashboard'
  | 'search'
  | 'add'
  | 'orders'
  | 'messages'
  | 'notifications'
  | 'basket'
  | 'delivery'
  | 'chat'
  | 'agent'
  | 'referrals'
  | 'tasks'
  | 'wallet'
  | 'refunds'
  | 'status'
  | 'hub'
  | 'pulse'
  | 'assistant';

export interface EmptyStateContent {
  icon: EmptyStateIcon;
  /** One sentence saying what the page will hold. */
  description: MessageDescriptor;
  action: { label: MessageDescriptor; to: string };
}

export interface PageProps {
  route: AppRoute;
}

export type PageComponent = ComponentType<PageProps>;

export interface AppRoute {
  id: string;
  /** React Router path pattern. */
  path: string;
  /** Page name for the document title "{title} - {product name}", in the active language (read it when rendering). */
  readonly title: string;
  /** The page name's message (render with `i18n._(route.titleMessage)` to follow a language switch). */
  titleMessage: MessageDescriptor;
  access: RouteAccess;
  /** Whether the top and bottom bars show (spec §2 "Where bars show"). */
  bars: boolean;
  /** Loads the page's chunk on demand. */
  load: () => Promise<PageComponent>;
  /**
   * The page uses only Mantine components whose styles are in app/first-load-styles.ts, so it
   * does not wait for the full stylesheet (the product listing: the first page most visitors see).
   */
  firstLoadStyles?: boolean;
  /**
   * The page's module imports the Mantine styles of everything its server-rendered HTML shows
   * (lib/page-styles): a rendered page of it announces no full stylesheet in its head, which
   * would block its first paint; the full stylesheet comes with the chunk as on other pages.
   */
  ownStyles?: boolean;
  /** Sends the visitor on to another path instead of rendering a page. */
  redirectTo?: string;
}
