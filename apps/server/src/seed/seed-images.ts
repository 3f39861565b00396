import { createId } from '../db/new-id';
import { convertToWebpVariants } from '../modules/uploads/image-processing';
import { insertUpload } from '../modules/uploads/uploads-repository';
import { buildUploadUrl, thumbStorageKeyFor, type ImageStoreDeps, type StoredImage } from '../modules/uploads/uploads-service';

type Variants = Awaited<ReturnType<typeof convertToWebpVariants>>;

/**
 * Stores generated pictures the way an upload is stored (WebP full image and ~400 px thumbnail,
 * an uploads row owned by the seller), encoding each distinct picture once: two farms selling
 * "Roma Tomatoes" get the same drawing as separate uploads without paying for the encoding twice.
 */
export function createSeedImageStore(deps: ImageStoreDeps) {
  const encoded = new Map<string, Promise<Variants>>();
  return async function storeSeedImage(pictureKey: string, ownerUserId: string, render: () => Promise<Buffer>): Promise<StoredImage> {
    let variants = encoded.get(pictureKey);
    if (!variants) {
      variants = render().then(convertToWebpVariants);
      encoded.set(pictureKey, variants);
    }
    const { full, thumb } = await variants;
    const id = createId();
    const storageKey = `${id}.webp`;
    const thumbStorageKey = thumbStorageKeyFor(id);
    await deps.objectStorage.putObject(thumbStorageKey, thumb.data);
    await deps.objectStorage.putObject(storageKey, full.data);
    await insertUpload(deps.db, {
      id,
      ownerUserId,
      storageKey,
      thumbStorageKey,
      contentType: 'image/webp',
      byteSize: full.data.length,
      width: full.width,
      height: full.height,
    });
    return { id, url: buildUploadUrl(storageKey), thumbUrl: buildUploadUrl(thumbStorageKey), width: full.width, height: full.height };
  };
}
