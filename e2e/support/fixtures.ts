/**
 * The people the browser suite signs in as. The seed (start-server.ts) creates exactly these rows
 * in the real database before the server starts; the specs only read these constants.
 */
export const FIXTURE_PASSWORD = 'orchard-lantern-4821';

export const FIXTURE_USERS = {
  emptyBasketBuyer: { email: 'buyer.empty@e2e.example', username: 'empty_basket_buyer' },
  fiveLineBuyer: { email: 'buyer.five@e2e.example', username: 'five_line_buyer' },
  bigBasketBuyer: { email: 'buyer.big@e2e.example', username: 'big_basket_buyer' },
  approvedSeller: { email: 'seller.approved@e2e.example', username: 'approved_seller' },
  pendingSeller: { email: 'seller.pending@e2e.example', username: 'pending_seller' },
  sellerWithoutApplication: { email: 'seller.none@e2e.example', username: 'seller_no_application' },
  agent: { email: 'agent@e2e.example', username: 'pulse_agent_ada' },
  admin: { email: 'admin@e2e.example', username: 'market_admin' },
  busyBuyer: { email: 'buyer.busy@e2e.example', username: 'busy_buyer' },
  chatPartner: { email: 'partner@e2e.example', username: 'chat_partner' },
  /** Spare accounts for specs that change server-side state (revoked sessions, logout). */
  sessionBuyer: { email: 'buyer.session@e2e.example', username: 'session_buyer' },
  modeBuyer: { email: 'buyer.mode@e2e.example', username: 'mode_buyer' },
  /** The desktop run of floating-buttons-layout.spec.ts (the phone run uses modeBuyer): runs in parallel, each its own basket. */
  desktopLayoutBuyer: { email: 'buyer.desktop-layout@e2e.example', username: 'desktop_layout_buyer' },
  /** Real-time specs (tests/realtime-*.spec.ts): each pair or person belongs to one spec, so workers never share counts. */
  liveSender: { email: 'live.sender@e2e.example', username: 'live_sender' },
  liveReceiver: { email: 'live.receiver@e2e.example', username: 'live_receiver' },
  chatBuyer: { email: 'chat.buyer@e2e.example', username: 'chat_buyer' },
  chatSeller: { email: 'chat.seller@e2e.example', username: 'chat_seller' },
  readAllBuyer: { email: 'buyer.readall@e2e.example', username: 'read_all_buyer' },
  popupBuyer: { email: 'buyer.popup@e2e.example', username: 'popup_buyer' },
  pushBuyer: { email: 'buyer.push@e2e.example', username: 'push_buyer' },
} as const;

export type FixtureUserKey = keyof typeof FIXTURE_USERS;
export type FixtureUser = (typeof FIXTURE_USERS)[FixtureUserKey];

/** Rows behind the badges, so the specs can state what a person should read on them. */
export const FIXTURE_COUNTS = {
  sellerProducts: 120,
  fiveLineBasket: 5,
  /** The approved seller shops too: the badge shows in buyer mode and hides in seller mode. */
  approvedSellerBasket: 3,
  bigBasket: 120,
  busyMarketplaceUnread: 150,
  busyPulseHubUnread: 3,
  busyUnreadMessages: 7,
  /** The live receiver already has unread marketplace notifications, so "+1" is visible as 2 -> 3. */
  liveReceiverMarketplaceUnread: 2,
  readAllMarketplaceUnread: 4,
  readAllPulseHubUnread: 3,
} as const;

/** What the mock OpenID Connect provider says about the person who signs in through it. */
export const OIDC_PERSON = {
  subject: 'e2e-oidc-subject-1',
  email: 'oidc.person@e2e.example',
  username: 'oidc_person',
  name: 'Olive Ide',
} as const;

export const OIDC_CLIENT = { id: 'pulse-market-e2e', secret: 'pulse-market-e2e-secret', name: 'Mock ID' } as const;

/** E2E_APP_PORT / E2E_OIDC_PORT let a second checkout run the suite beside this one. */
export const APP_PORT = Number(process.env.E2E_APP_PORT ?? 4310);
export const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 4311);
export const APP_URL = `http://127.0.0.1:${APP_PORT}`;
export const OIDC_ISSUER_URL = `http://127.0.0.1:${OIDC_PORT}`;
