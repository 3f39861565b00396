import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from './messages-i18n';
import { z } from 'zod';
import { ZId } from './ids';

/**
 * How an address's coordinates were found: 'pin' (the buyer's map pick or browser position), 'town'
 * or 'region' (the server's gazetteer of known places, approximate). Null: not on the map yet, so
 * delivery to it cannot be priced until the buyer places a pin.
 */
export const ZAddressLocatedBy = z.enum(['pin', 'town', 'region']);
export type TAddressLocatedBy = z.infer<typeof ZAddressLocatedBy>;

export const ZAddress = z.object({
  id: ZId,
  label: z.string(),
  recipientName: z.string(),
  phone: z.string(),
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  region: z.string(),
  postalCode: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  locatedBy: ZAddressLocatedBy.nullable(),
  isDefault: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TAddress = z.infer<typeof ZAddress>;

const required = (what: string, max: number) =>
  z
    .string({ message: contractMessage(msg`Enter ${{ what }}`) })
    .trim()
    .min(1, { message: contractMessage(msg`Enter ${{ what }}`) })
    .max(max, { message: contractMessage(msg`Too long (${{ max }} characters at most)`) });

/**
 * POST /api/addresses and PUT /api/addresses/{addressId}; the same schema checks the web form.
 * lat/lng are the buyer's pin; without them the server places the address from its town or region
 * when it knows the place (locatedBy tells which).
 */
export const ZAddressInput = z.object({
  label: z.string().trim().max(40, { message: contractMessage(msg`Too long (40 characters at most)`) }).default(''),
  recipientName: required('the recipient’s name', 100),
  phone: z
    .string({ message: contractMessage(msg`Enter a phone number`) })
    .trim()
    .max(21, { message: contractMessage(msg`Enter a phone number, digits with an optional leading +`) })
    .regex(/^\+?[0-9][0-9 ()-]{5,19}$/, { message: contractMessage(msg`Enter a phone number, digits with an optional leading +`) }),
  line1: required('the street and number', 200),
  line2: z.string().trim().max(200, { message: contractMessage(msg`Too long (200 characters at most)`) }).default(''),
  city: required('the town or city', 100),
  region: z.string().trim().max(100, { message: contractMessage(msg`Too long (100 characters at most)`) }).default(''),
  postalCode: z.string().trim().max(20, { message: contractMessage(msg`Too long (20 characters at most)`) }).default(''),
  lat: z.number().min(-90, { message: contractMessage(msg`Latitude is between -90 and 90`) }).max(90, { message: contractMessage(msg`Latitude is between -90 and 90`) }).nullable().default(null),
  lng: z.number().min(-180, { message: contractMessage(msg`Longitude is between -180 and 180`) }).max(180, { message: contractMessage(msg`Longitude is between -180 and 180`) }).nullable().default(null),
  isDefault: z.boolean().default(false),
});
export type TAddressInput = z.input<typeof ZAddressInput>;

export const ZAddressListResponse = z.object({ items: z.array(ZAddress) });
export type TAddressListResponse = z.infer<typeof ZAddressListResponse>;

export const ZAddressParams = z.object({ addressId: ZId });

/** Addresses a buyer may keep. */
export const MAX_ADDRESSES_PER_USER = 20;
