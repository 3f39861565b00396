import type { TComment, THubAuthor, TPost } from '@pulse/contract/hub';
import type { TProductImage, TProductSummary } from '@pulse/contract/products';
import { buildUploadUrl } from '../uploads/uploads-service';

/** The author columns every post and comment query reads (users joined as the author). */
export interface HubAuthorRecord {
  id: string;
  username: string;
  profilePictureUrl: string | null;
  profession: string | null;
  isLegacyCreator: boolean;
}

export interface HubImageRecord {
  id: string;
  storageKey: string;
  thumbStorageKey: string | null;
  width: number;
  height: number;
}

/** One post as the read query returns it (hub-posts-query.ts), before products are attached. */
export interface PostRecord {
  id: string;
  author: HubAuthorRecord;
  authorSuspended: boolean;
  text: string;
  region: string | null;
  likeCount: number;
  commentCount: number;
  tipTotalMinor: number;
  hidden: boolean;
  deleted: boolean;
  createdAtIso: string;
  /** created_at as PostgreSQL prints it (microseconds), for cursors. */
  createdKey: string;
  editedAtIso: string | null;
  editableUntilIso: string;
  images: HubImageRecord[];
  /** Linked product ids in the author's order. */
  productIds: string[];
  likedByMe: boolean;
  followingAuthor: boolean;
  /** 0: the caller or someone they follow (feed); 1: everyone else. */
  tier: number;
}

export function toAuthorJson(author: HubAuthorRecord): THubAuthor {
  return {
    id: author.id,
    username: author.username,
    profile_picture_url: author.profilePictureUrl,
    profession: author.profession,
    is_legacy_creator: author.isLegacyCreator,
  };
}

export function toImageJson(image: HubImageRecord): TProductImage {
  return {
    id: image.id,
    url: buildUploadUrl(image.storageKey),
    thumbUrl: buildUploadUrl(image.thumbStorageKey ?? image.storageKey),
    width: image.width,
    height: image.height,
  };
}

/** ZPost for `viewerUserId`; `products` holds the cards of linked products still on sale. */
export function toPostJson(record: PostRecord, products: ReadonlyMap<string, TProductSummary>, viewerUserId: string): TPost {
  const isMine = record.author.id === viewerUserId;
  return {
    id: record.id,
    author: toAuthorJson(record.author),
    text: record.text,
    images: record.images.map(toImageJson),
    products: record.productIds.flatMap((productId) => {
      const product = products.get(productId);
      return product ? [product] : [];
    }),
    region: record.region,
    createdAt: record.createdAtIso,
    editedAt: record.editedAtIso,
    editableUntil: record.editableUntilIso,
    likeCount: record.likeCount,
    commentCount: record.commentCount,
    tipTotalMinor: record.tipTotalMinor,
    likedByMe: record.likedByMe,
    // Only the author ever sees a hidden post; everyone else gets 404 or does not see it at all.
    hidden: isMine && record.hidden,
    isMine,
    followingAuthor: !isMine && record.followingAuthor,
  };
}

/** One comment as the comments query returns it. */
export interface CommentRecord {
  id: string;
  postId: string;
  parentId: string | null;
  replyToUsername: string | null;
  author: HubAuthorRecord;
  text: string;
  deleted: boolean;
  hidden: boolean;
  createdAtIso: string;
  createdKey: string;
  editedAtIso: string | null;
  likeCount: number;
  likedByMe: boolean;
}

export function toCommentJson(record: CommentRecord, viewerUserId: string): TComment {
  const isMine = record.author.id === viewerUserId;
  return {
    id: record.id,
    postId: record.postId,
    parentId: record.parentId,
    replyToUsername: record.replyToUsername,
    author: toAuthorJson(record.author),
    text: record.deleted ? '' : record.text,
    deleted: record.deleted,
    hidden: isMine && record.hidden,
    createdAt: record.createdAtIso,
    editedAt: record.deleted ? null : record.editedAtIso,
    likeCount: record.likeCount,
    likedByMe: record.likedByMe,
    isMine: isMine && !record.deleted,
  };
}
