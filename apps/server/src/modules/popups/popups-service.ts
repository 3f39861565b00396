import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from '@pulse/contract/messages-i18n';
import {
  POPUP_CTA_PAIR_MESSAGE,
  POPUP_WINDOW_MESSAGE,
  type TAdminPopup,
  type TCreatePopupRequest,
  type TGetActivePopupsResponse,
  type TListAdminPopupsResponse,
  type TPopup,
  type TPopupAudience,
  type TUpdatePopupRequest,
  ZCreatePopupRequest,
} from '@pulse/contract/popups';
import type { Db } from '../../db/client';
import type { PopupRow } from '../../db/schema/popups';
import type { UserRow } from '../../db/schema/users';
import { ForbiddenError, InvalidError, NotFoundError } from '../../errors/domain-errors';
import { deletePopup, findAllPopups, findLivePopups, findPopupById, insertPopup, updatePopup } from './popups-repository';

export const POPUPS_ADMIN_ONLY_MESSAGE = contractMessage(msg`Only an administrator can manage popups.`);
export const POPUP_NOT_FOUND_MESSAGE = contractMessage(msg`Popup not found.`);

function toPopupJson(row: PopupRow): TPopup {
  return {
    id: row.id,
    target_audience: row.targetAudience,
    title: row.title,
    message: row.message,
    image_url: row.imageUrl,
    cta_label: row.ctaLabel,
    cta_url: row.ctaUrl,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
  };
}

function toAdminPopupJson(row: PopupRow): TAdminPopup {
  return { ...toPopupJson(row), created_at: row.createdAt.toISOString() };
}

/** Popups live now for a visitor (all + logged_out) or a signed-in user (all + logged_in), newest update first. */
export async function getActivePopups(db: Db, signedIn: boolean, now = new Date()): Promise<TGetActivePopupsResponse> {
  const audiences: TPopupAudience[] = ['all', signedIn ? 'logged_in' : 'logged_out'];
  const rows = await findLivePopups(db, audiences, now);
  return rows.map(toPopupJson);
}

export function assertPopupAdmin(user: UserRow): void {
  if (!user.roles.includes('admin')) throw new ForbiddenError(POPUPS_ADMIN_ONLY_MESSAGE);
}

/** Rules that span fields, checked on the popup as it will be stored (an edit may send one field only). */
function assertConsistent(popup: { startsAt: Date; endsAt: Date | null; ctaLabel: string | null; ctaUrl: string | null }): void {
  if (popup.endsAt && popup.endsAt.getTime() <= popup.startsAt.getTime()) {
    throw new InvalidError(POPUP_WINDOW_MESSAGE, { ends_at: POPUP_WINDOW_MESSAGE });
  }
  if ((popup.ctaLabel === null) !== (popup.ctaUrl === null)) {
    const field = popup.ctaLabel === null ? 'cta_label' : 'cta_url';
    throw new InvalidError(POPUP_CTA_PAIR_MESSAGE, { [field]: POPUP_CTA_PAIR_MESSAGE });
  }
}

export async function listPopupsForAdmin(db: Db, caller: UserRow): Promise<TListAdminPopupsResponse> {
  assertPopupAdmin(caller);
  return (await findAllPopups(db)).map(toAdminPopupJson);
}

export async function createPopup(db: Db, caller: UserRow, input: TCreatePopupRequest, now = new Date()): Promise<TAdminPopup> {
  assertPopupAdmin(caller);
  const values = ZCreatePopupRequest.parse(input);
  const row = {
    title: values.title,
    message: values.message,
    imageUrl: values.image_url,
    ctaLabel: values.cta_label,
    ctaUrl: values.cta_url,
    targetAudience: values.target_audience,
    startsAt: values.starts_at ? new Date(values.starts_at) : now,
    endsAt: values.ends_at ? new Date(values.ends_at) : null,
  };
  assertConsistent(row);
  return toAdminPopupJson(await insertPopup(db, row));
}

export async function editPopup(db: Db, caller: UserRow, id: string, changes: TUpdatePopupRequest): Promise<TAdminPopup> {
  assertPopupAdmin(caller);
  const stored = await findPopupById(db, id);
  if (!stored) throw new NotFoundError(POPUP_NOT_FOUND_MESSAGE);
  const values = {
    ...(changes.title !== undefined ? { title: changes.title } : {}),
    ...(changes.message !== undefined ? { message: changes.message } : {}),
    ...(changes.image_url !== undefined ? { imageUrl: changes.image_url } : {}),
    ...(changes.cta_label !== undefined ? { ctaLabel: changes.cta_label } : {}),
    ...(changes.cta_url !== undefined ? { ctaUrl: changes.cta_url } : {}),
    ...(changes.target_audience !== undefined ? { targetAudience: changes.target_audience } : {}),
    ...(changes.starts_at !== undefined ? { startsAt: new Date(changes.starts_at) } : {}),
    ...(changes.ends_at !== undefined ? { endsAt: changes.ends_at === null ? null : new Date(changes.ends_at) } : {}),
  };
  assertConsistent({ ...stored, ...values });
  // An empty edit still counts as touched, so the web app's "latest update wins" sees it.
  const updated = await updatePopup(db, id, { ...values, updatedAt: new Date() });
  if (!updated) throw new NotFoundError(POPUP_NOT_FOUND_MESSAGE);
  return toAdminPopupJson(updated);
}

export async function removePopup(db: Db, caller: UserRow, id: string): Promise<void> {
  assertPopupAdmin(caller);
  if (!(await deletePopup(db, id))) throw new NotFoundError(POPUP_NOT_FOUND_MESSAGE);
}
