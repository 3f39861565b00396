/** The buyer of the password-reset walk (support/start-mail-server.ts, tests/account-mail.spec.ts). */
export const MAIL_BUYER = {
  email: 'forgetful.buyer@e2e.example',
  username: 'forgetful_buyer',
  password: 'old-copper-kettle-41',
  newPassword: 'new-mango-harvest-73',
} as const;
