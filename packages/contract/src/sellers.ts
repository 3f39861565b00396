import { z } from 'zod';
import { ZId } from './ids';

export const ZSellerStatus = z.enum(['approved', 'pending', 'rejected']);
export type TSellerStatus = z.infer<typeof ZSellerStatus>;

export const ZGetSellerParams = z.object({ userId: ZId });

/** The seller application of one user; the mode switch reads `status`. */
export const ZGetSellerResponse = z.object({
  id: ZId,
  userId: ZId,
  status: ZSellerStatus,
  businessName: z.string(),
  rejectionReason: z.string().nullable(),
  updatedAt: z.iso.datetime(),
});
export type TGetSellerResponse = z.infer<typeof ZGetSellerResponse>;
