/**
 * Settings both servers of the suite (start-server.ts, start-demo-server.ts) start with, beside their
 * own port, data folder and seed.
 */
export const RAISED_RATE_LIMITS = {
  // Every spec signs in from 127.0.0.1; the production limit of 10 per 15 minutes would lock it out.
  LOGIN_RATE_LIMIT: '100000',
  // The same for the abuse limits (decision 027): every spec signs up, posts, chats and asks
  // from 127.0.0.1, and the suite reuses its fixture accounts across specs.
  RATE_LIMIT_REGISTER_PER_HOUR: '100000',
  RATE_LIMIT_UPLOADS_PER_HOUR: '100000',
  RATE_LIMIT_MESSAGES_PER_MINUTE: '100000',
  RATE_LIMIT_HUB_POSTS_PER_HOUR: '100000',
  RATE_LIMIT_HUB_COMMENTS_PER_MINUTE: '100000',
  RATE_LIMIT_ASSISTANT_PER_MINUTE: '100000',
  RATE_LIMIT_ASSISTANT_VISITOR_PER_MINUTE: '100000',
  RATE_LIMIT_REFERRAL_VISITS_PER_MINUTE: '100000',
  RATE_LIMIT_MCP_PER_MINUTE: '100000',
  RATE_LIMIT_ACCOUNT_LOOKUPS_PER_MINUTE: '100000',
  RATE_LIMIT_DISCOUNT_LOOKUPS_PER_MINUTE: '100000',
  RATE_LIMIT_VERIFICATION_MAILS_PER_HOUR: '100000',
} as const;
