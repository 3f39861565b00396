import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from './messages-i18n';
import { z } from 'zod';
import { ISO_DATE_TIME_MAX_LENGTH, ZId } from './ids';

export const ZPopupAudience = z.enum(['all', 'logged_in', 'logged_out']);
export type TPopupAudience = z.infer<typeof ZPopupAudience>;

export const ZPopup = z.object({
  id: ZId,
  target_audience: ZPopupAudience,
  title: z.string(),
  message: z.string(),
  image_url: z.string().nullable(),
  cta_label: z.string().nullable(),
  cta_url: z.string().nullable(),
  starts_at: z.iso.datetime(),
  ends_at: z.iso.datetime().nullable(),
  updated_at: z.iso.datetime(),
});
export type TPopup = z.infer<typeof ZPopup>;

/** Popups live now for the caller's audience (signed in or not), newest update first. */
export const ZGetActivePopupsResponse = z.array(ZPopup);
export type TGetActivePopupsResponse = z.infer<typeof ZGetActivePopupsResponse>;

// --- Admin: /api/admin/popups (admin role) ---

export const POPUP_TITLE_MAX_LENGTH = 120;
export const POPUP_MESSAGE_MAX_LENGTH = 2000;
export const POPUP_CTA_LABEL_MAX_LENGTH = 40;
export const POPUP_URL_MAX_LENGTH = 2000;

export const POPUP_URL_MESSAGE = contractMessage(msg`Must be a path on this site (starting with /) or an https:// address`);
export const POPUP_WINDOW_MESSAGE = contractMessage(msg`Must be after the start`);
export const POPUP_CTA_PAIR_MESSAGE = contractMessage(msg`A button needs both a label and a link`);

/** A path on this site or an https address: a popup must not send people to plain http or scripts. */
export function isPopupUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\');
  // A host (letters, digits, dots, hyphens, optional port), then an optional path, query or fragment.
  return /^https:\/\/[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:\d{1,5})?([/?#]\S*)?$/i.test(value);
}

const ZPopupUrl = z.string().trim().max(POPUP_URL_MAX_LENGTH).refine(isPopupUrl, { message: POPUP_URL_MESSAGE });
const ZPopupInstant = z.iso.datetime({ offset: true, message: contractMessage(msg`Must be a date and time (ISO 8601)`) }).max(ISO_DATE_TIME_MAX_LENGTH, { message: contractMessage(msg`Must be a date and time (ISO 8601)`) });

const popupFields = {
  title: z.string().trim().min(1, { message: contractMessage(msg`Required`) }).max(POPUP_TITLE_MAX_LENGTH),
  message: z.string().trim().min(1, { message: contractMessage(msg`Required`) }).max(POPUP_MESSAGE_MAX_LENGTH),
  image_url: ZPopupUrl.nullable(),
  cta_label: z.string().trim().min(1, { message: contractMessage(msg`Required`) }).max(POPUP_CTA_LABEL_MAX_LENGTH).nullable(),
  cta_url: ZPopupUrl.nullable(),
  target_audience: ZPopupAudience,
  starts_at: ZPopupInstant,
  ends_at: ZPopupInstant.nullable(),
};

/** Omitted: no image or button, for everyone, starting now and running until ended. */
export const ZCreatePopupRequest = z
  .object({
    title: popupFields.title,
    message: popupFields.message,
    image_url: popupFields.image_url.default(null),
    cta_label: popupFields.cta_label.default(null),
    cta_url: popupFields.cta_url.default(null),
    target_audience: popupFields.target_audience.default('all'),
    starts_at: popupFields.starts_at.optional(),
    ends_at: popupFields.ends_at.default(null),
  })
  .strict();
export type TCreatePopupRequest = z.input<typeof ZCreatePopupRequest>;

/** Only the fields sent change; the server checks the window and the button against the stored popup. */
export const ZUpdatePopupRequest = z.object(popupFields).partial().strict();
export type TUpdatePopupRequest = z.infer<typeof ZUpdatePopupRequest>;

export const ZAdminPopup = ZPopup.extend({ created_at: z.iso.datetime() });
export type TAdminPopup = z.infer<typeof ZAdminPopup>;

/** Every popup, past, live and scheduled, latest start first. */
export const ZListAdminPopupsResponse = z.array(ZAdminPopup);
export type TListAdminPopupsResponse = z.infer<typeof ZListAdminPopupsResponse>;
