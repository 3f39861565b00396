import { z } from 'zod';

/** Figures on the /admin landing page. */
export const ZGetAdminOverviewResponse = z.object({
  users: z.number().int().nonnegative(),
  pendingSellerApplications: z.number().int().nonnegative(),
});
export type TGetAdminOverviewResponse = z.infer<typeof ZGetAdminOverviewResponse>;
