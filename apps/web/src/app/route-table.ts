import { ProductListingPage } from '../features/catalogue/pages/product-listing-page';
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import type { AppRoute, RouteAccess } from './route-types';

/**
 * The product listing is the first page of most visits, so it is part of the first load (no
 * second round trip for its chunk); every other page loads on demand.
 */
const loadProductListingPage = () => Promise.resolve(ProductListingPage);

const loadEmptyStatePage = () => import('../components/empty-state-page').then((module) => module.EmptyStatePage);

/** A page whose content comes in a later issue; what it says is in components/empty-state-content.ts. */
function emptyStateRoute(id: string, path: string, title: MessageDescriptor, access: RouteAccess, bars: boolean): RouteDefinition {
  return { id, path, title, access, bars, load: loadEmptyStatePage };
}

/**
 * A route as the table writes it: its title is a message; `route.title` reads it in the active
 * language each time (so pages that print `route.title` follow a language switch when they render).
 */
type RouteDefinition = Omit<AppRoute, 'title' | 'titleMessage'> & { title: MessageDescriptor };

function withTranslatedTitle({ title, ...route }: RouteDefinition): AppRoute {
  return {
    ...route,
    titleMessage: title,
    get title() {
      return i18n._(title);
    },
  };
}

/**
 * Every route of the app (spec §2), in one place: path, page name, guard, bars and page chunk.
 * The router, the document title and the bars rule all read this table.
 */
const ROUTE_DEFINITIONS: readonly RouteDefinition[] = [
  // Public
  {
    id: 'root',
    path: '/',
    title: msg`Products`,
    access: 'public',
    bars: true,
    load: loadProductListingPage,
    firstLoadStyles: true,
  },
  {
    id: 'home',
    path: '/home',
    title: msg`Home`,
    access: 'public',
    bars: false,
    load: () => import('../features/content/pages/home-page').then((module) => module.HomePage),
  },
  {
    id: 'login',
    path: '/login',
    title: msg`Login`,
    access: 'public',
    bars: false,
    ownStyles: true,
    load: () => import('../features/auth/pages/login-page').then((module) => module.LoginPage),
  },
  {
    id: 'forgot-password',
    path: '/forgot-password',
    title: msg`Forgot password`,
    access: 'public',
    bars: false,
    load: () => import('../features/auth/pages/forgot-password-page').then((module) => module.ForgotPasswordPage),
  },
  {
    id: 'reset-password',
    path: '/reset-password',
    title: msg`New password`,
    access: 'public',
    bars: false,
    load: () => import('../features/auth/pages/reset-password-page').then((module) => module.ResetPasswordPage),
  },
  {
    id: 'verify-email',
    path: '/verify-email',
    title: msg`Confirm e-mail`,
    access: 'public',
    bars: false,
    load: () => import('../features/auth/pages/verify-email-page').then((module) => module.VerifyEmailPage),
  },
  {
    id: 'product-listing',
    path: '/product-listing',
    title: msg`Products`,
    access: 'public',
    bars: true,
    load: loadProductListingPage,
    firstLoadStyles: true,
  },
  {
    id: 'seller-signup',
    path: '/seller-signup',
    title: msg`Seller Sign-up`,
    access: 'public',
    bars: false,
    load: () => import('../features/seller-onboarding/pages/seller-signup-page').then((module) => module.SellerSignupPage),
  },
  {
    id: 'product-details',
    path: '/product-details/:productId',
    title: msg`Product Details`,
    access: 'public',
    bars: false,
    ownStyles: true,
    load: () => import('../features/catalogue/pages/product-details-page').then((module) => module.ProductDetailsPage),
  },
  {
    id: 'terms-of-service',
    path: '/terms-of-service',
    title: msg`Terms of Service`,
    access: 'public',
    bars: false,
    load: () => import('../features/content/pages/terms-page').then((module) => module.TermsPage),
  },
  {
    id: 'privacy-policy',
    path: '/privacy-policy',
    title: msg`Privacy Policy`,
    access: 'public',
    bars: false,
    load: () => import('../features/content/pages/privacy-page').then((module) => module.PrivacyPage),
  },
  {
    id: 'about-us',
    path: '/about-us',
    title: msg`About Us`,
    access: 'public',
    bars: false,
    load: () => import('../features/content/pages/about-page').then((module) => module.AboutPage),
  },
  {
    id: 'sellers',
    path: '/sellers',
    title: msg`Start Selling`,
    access: 'public',
    bars: false,
    load: () => import('../features/content/pages/start-selling-page').then((module) => module.StartSellingPage),
  },
  {
    id: 'pulse-agents',
    path: '/pulse-agents',
    title: msg`Pulse Agents`,
    access: 'public',
    bars: false,
    load: () => import('../features/content/pages/pulse-agents-page').then((module) => module.PulseAgentsPage),
  },

  // Signed in
  {
    id: 'profile-addresses',
    path: '/profile/addresses',
    title: msg`Addresses`,
    access: 'signed-in',
    bars: true,
    load: () => import('../features/addresses/pages/addresses-page').then((module) => module.AddressesPage),
  },
  {
    id: 'seller-dashboard',
    path: '/seller-dashboard',
    title: msg`Seller Dashboard`,
    access: 'signed-in',
    bars: true,
    load: () => import('../features/seller-workspace/pages/seller-dashboard-page').then((module) => module.SellerDashboardPage),
  },
  {
    id: 'seller-profile',
    path: '/seller-profile',
    title: msg`Seller Profile`,
    access: 'signed-in',
    bars: true,
    load: () => import('../features/seller-catalogue/pages/seller-profile-page').then((module) => module.SellerProfilePage),
  },
  {
    id: 'catalogue-search',
    path: '/seller/catalogue-search',
    title: msg`Catalogue Search`,
    access: 'signed-in',
    bars: true,
    load: () => import('../features/seller-catalogue/pages/catalogue-search-page').then((module) => module.CatalogueSearchPage),
  },
  {
    id: 'add-product',
    path: '/add-product',
    title: msg`Add Product`,
    access: 'signed-in',
    bars: false,
    load: () => import('../features/seller-catalogue/pages/add-product-page').then((module) => module.AddProductPage),
  },
  {
    id: 'buyer-dashboard',
    path: '/buyer-dashboard',
    title: msg`Buyer Dashboard`,
    access: 'signed-in',
    bars: true,
    load: () => import('../features/orders/pages/buyer-dashboard-page').then((module) => module.BuyerDashboardPage),
  },
  {
    id: 'messages',
    path: '/messages',
    title: msg`Messages`,
    access: 'signed-in',
    bars: true,
    load: () => import('../features/messages/pages/messages-page').then((module) => module.MessagesPage),
  },
  {
    id: 'notifications',
    path: '/notifications',
    title: msg`Notifications`,
    access: 'signed-in',
    bars: true,
    load: () => import('../features/notifications/pages/notifications-page').then((module) => module.NotificationsPage),
  },
  {
    id: 'seller-product',
    path: '/seller/products/:productId',
    title: msg`Seller Product`,
    access: 'signed-in',
    bars: false,
    load: () => import('../features/seller-catalogue/pages/seller-product-page').then((module) => module.SellerProductPage),
  },
  {
    id: 'basket',
    path: '/basket',
    title: msg`Basket`,
    access: 'signed-in',
    bars: false,
    load: () => import('../features/basket/pages/basket-page').then((module) => module.BasketPage),
  },
  {
    id: 'order',
    path: '/order/:orderId',
    title: msg`Order`,
    access: 'signed-in',
    bars: false,
    load: () => import('../features/orders/pages/order-page').then((module) => module.OrderPage),
  },
  {
    id: 'order-delivery',
    path: '/order-delivery/:orderId',
    title: msg`Order Delivery`,
    access: 'signed-in',
    bars: false,
    load: () => import('../features/orders/pages/order-delivery-page').then((module) => module.OrderDeliveryPage),
  },
  {
    id: 'chat',
    path: '/chat/:chatId',
    title: msg`Chat`,
    access: 'signed-in',
    bars: true,
    load: () => import('../features/messages/pages/chat-page').then((module) => module.ChatPage),
  },
  {
    id: 'agent-registration',
    path: '/agent-registration',
    title: msg`Agent Registration`,
    access: 'signed-in',
    bars: false,
    load: () => import('../features/agents/pages/agent-registration-page').then((module) => module.AgentRegistrationPage),
  },
  {
    id: 'agent-dashboard',
    path: '/agent-dashboard',
    title: msg`Agent Dashboard`,
    access: 'signed-in',
    bars: false,
    load: () => import('../features/agents/pages/agent-dashboard-page').then((module) => module.AgentDashboardPage),
  },
  {
    id: 'agent-referrals',
    path: '/agent-referrals',
    title: msg`Agent Referrals`,
    access: 'signed-in',
    bars: false,
    load: () => import('../features/referrals/pages/agent-referrals-page').then((module) => module.AgentReferralsPage),
  },
  {
    id: 'agent-messages',
    path: '/agent-messages',
    title: msg`Agent Messages`,
    access: 'signed-in',
    bars: false,
    // The messages page, for agents only: composed here so the two features stay apart.
    load: () =>
      Promise.all([import('../features/agents/pages/agent-messages-page'), import('../features/messages/pages/messages-page')]).then(([agents, messages]) =>
        // Read when the chunk loads, in the language then in use (withAgentGate takes a string).
        agents.withAgentGate(messages.MessagesPage, t`Agent messages`),
      ),
  },
  {
    id: 'logistics-tasks',
    path: '/logistics-tasks',
    title: msg`Logistics Tasks`,
    access: 'signed-in',
    bars: false,
    load: () => import('../features/agents/pages/logistics-tasks-page').then((module) => module.LogisticsTasksPage),
  },
  {
    id: 'wallet',
    path: '/wallet',
    title: msg`Wallet`,
    access: 'signed-in',
    bars: false,
    load: () => import('../features/wallet/pages/wallet-page').then((module) => module.WalletPage),
  },
  {
    id: 'account',
    path: '/account',
    title: msg`Account`,
    access: 'signed-in',
    bars: false,
    load: () => import('../features/account/pages/account-page').then((module) => module.AccountPage),
  },
  {
    id: 'notification-settings',
    path: '/account/notifications',
    title: msg`Notification settings`,
    access: 'signed-in',
    bars: false,
    load: () => import('../features/notification-settings/pages/notification-settings-page').then((module) => module.NotificationSettingsPage),
  },
  {
    id: 'unsubscribe',
    path: '/unsubscribe',
    title: msg`Unsubscribe`,
    access: 'public',
    bars: false,
    load: () => import('../features/notification-settings/pages/unsubscribe-page').then((module) => module.UnsubscribePage),
  },
  {
    id: 'refunds-history',
    path: '/refunds-history',
    title: msg`Refunds History`,
    access: 'signed-in',
    bars: false,
    load: () => import('../features/seller-workspace/pages/refunds-history-page').then((module) => module.RefundsHistoryPage),
  },
  {
    id: 'seller-application-status',
    path: '/seller-application-status',
    title: msg`Seller Application Status`,
    access: 'signed-in',
    bars: false,
    load: () =>
      import('../features/seller-onboarding/pages/seller-application-status-page').then((module) => module.SellerApplicationStatusPage),
  },
  {
    id: 'agent-application-status',
    path: '/agent-application-status',
    title: msg`Agent Application Status`,
    access: 'signed-in',
    bars: false,
    load: () =>
      import('../features/agents/pages/agent-application-status-page').then((module) => module.AgentApplicationStatusPage),
  },
  {
    id: 'hub',
    path: '/hub',
    title: msg`Pulse Hub`,
    access: 'signed-in',
    bars: false,
    // Never loaded: the router renders the redirect instead of a page.
    load: loadEmptyStatePage,
    redirectTo: '/hub/feed',
  },
  {
    id: 'hub-feed',
    path: '/hub/feed',
    title: msg`Pulse Hub`,
    access: 'signed-in',
    bars: false,
    load: () => import('../features/hub/pages/hub-feed-page').then((module) => module.HubFeedPage),
  },
  {
    id: 'hub-notifications',
    path: '/hub/notifications',
    title: msg`Hub Notifications`,
    access: 'signed-in',
    bars: false,
    load: () => import('../features/notifications/pages/hub-notifications-page').then((module) => module.HubNotificationsPage),
  },
  {
    id: 'hub-own-profile',
    path: '/hub/profile',
    title: msg`Pulse Hub`,
    access: 'signed-in',
    bars: false,
    load: () => import('../features/hub/pages/hub-profile-page').then((module) => module.OwnHubProfileRedirect),
  },
  {
    id: 'hub-profile',
    path: '/hub/profile/:username',
    title: msg`Pulse Hub`,
    access: 'signed-in',
    bars: false,
    load: () => import('../features/hub/pages/hub-profile-page').then((module) => module.HubProfilePage),
  },
  emptyStateRoute('hub-other', '/hub/*', msg`Pulse Hub`, 'signed-in', false),
  {
    id: 'pulse',
    path: '/pulse',
    title: msg`Pulse`,
    access: 'signed-in',
    bars: false,
    load: () => import('../features/hub/pages/my-pulse-page').then((module) => module.MyPulsePage),
  },
  {
    id: 'pulse-post',
    path: '/pulse/:id',
    title: msg`Pulse`,
    access: 'signed-in',
    bars: false,
    // Names itself after the post's author and text (spec §2: /pulse/{id} sets its own title).
    load: () => import('../features/hub/pages/pulse-post-page').then((module) => module.PulsePostPage),
  },
  {
    id: 'pulse-assistant',
    path: '/pulse-assistant',
    title: msg`Pulse Assistant`,
    access: 'signed-in',
    bars: false,
    load: () => import('../features/assistant/pages/pulse-assistant-page').then((module) => module.PulseAssistantPage),
  },
  {
    id: 'admin',
    path: '/admin',
    title: msg`Admin`,
    access: 'signed-in',
    bars: false,
    load: () => import('../features/admin/pages/admin-page').then((module) => module.AdminPage),
  },

  // The job system's queues and failures (issue 29): the System section of the admin console.
  {
    id: 'admin-system',
    path: '/admin/system',
    title: msg`Admin`,
    access: 'signed-in',
    bars: false,
    // Never loaded: the router renders the redirect to the console's System section instead.
    load: loadEmptyStatePage,
    redirectTo: '/admin?tab=system',
  },

  // Discount codes (issue 27, decision 062): a farm's own, and the platform's for admins.
  {
    id: 'seller-discount-codes',
    path: '/seller/discount-codes',
    title: msg`Discount codes`,
    access: 'signed-in',
    bars: true,
    load: () => import('../features/discounts/pages/discount-codes-page').then((module) => module.SellerDiscountCodesPage),
  },
  {
    id: 'admin-discount-codes',
    path: '/admin/discount-codes',
    title: msg`Platform discount codes`,
    access: 'signed-in',
    bars: false,
    load: () => import('../features/discounts/pages/discount-codes-page').then((module) => module.AdminDiscountCodesPage),
  },

  // Weekly baskets (issue 28, decision 064): a buyer's standing orders with farms.
  {
    id: 'standing-orders',
    path: '/standing-orders',
    title: msg`Weekly baskets`,
    access: 'signed-in',
    bars: false,
    load: () => import('../features/standing-orders/pages/standing-orders-page').then((module) => module.StandingOrdersPage),
  },
  {
    id: 'standing-order-new',
    path: '/standing-orders/new',
    title: msg`New weekly basket`,
    access: 'signed-in',
    bars: false,
    load: () => import('../features/standing-orders/pages/new-standing-order-page').then((module) => module.NewStandingOrderPage),
  },
  {
    id: 'standing-order',
    path: '/standing-orders/:standingOrderId',
    title: msg`Weekly basket`,
    access: 'signed-in',
    bars: false,
    load: () => import('../features/standing-orders/pages/standing-order-page').then((module) => module.StandingOrderPage),
  },

  // Anything else
  {
    id: 'not-found',
    path: '*',
    title: msg`Page not found`,
    access: 'public',
    bars: false,
    load: () => import('../components/not-found-page').then((module) => module.NotFoundPage),
  },
];

export const ROUTE_TABLE: readonly AppRoute[] = ROUTE_DEFINITIONS.map(withTranslatedTitle);
