/** Every admin list lives under ['admin', ...]; an action invalidates the lists it changes. */
export const adminKeys = {
  all: ['admin'] as const,
  applications: () => ['admin', 'applications'] as const,
  application: (id: string) => ['admin', 'application', id] as const,
  users: () => ['admin', 'users'] as const,
  auditLog: () => ['admin', 'audit-log'] as const,
  popups: () => ['admin', 'popups'] as const,
  refunds: () => ['admin', 'refunds'] as const,
  reports: () => ['admin', 'reports'] as const,
  referralAgents: () => ['admin', 'referrals', 'agents'] as const,
  referralAttributions: () => ['admin', 'referrals', 'attributions'] as const,
  overview: () => ['admin', 'overview'] as const,
  payments: () => ['admin', 'payments'] as const,
  mail: () => ['admin', 'mail'] as const,
  system: () => ['admin', 'system'] as const,
};
