import { useRef, useState } from 'react';
import { ActionIcon } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { TProductCategory, TProductImage } from '@pulse/contract/products';
import { resolveMediaUrl } from '../../../lib/media-url';
import { ProductImagePlaceholder } from '../../../components/catalogue/product-image-placeholder';
import classes from './image-gallery.module.css';

/**
 * The product's photos: swipe (a scroll-snapped strip, so the browser does the gesture), arrows on
 * larger screens and thumbnails to jump to one.
 */
export function ImageGallery({ images, title, category }: { images: readonly TProductImage[]; title: string; category: TProductCategory }) {
  const { t } = useLingui();
  const trackRef = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);

  if (images.length === 0) {
    return (
      <div className={classes.gallery}>
        <div className={classes.stage}>
          <div className={classes.track}>
            <div className={classes.slide}>
              <ProductImagePlaceholder category={category} size={96} />
            </div>
          </div>
        </div>
      </div>
    );
  }

  const show = (index: number) => {
    const track = trackRef.current;
    const target = Math.max(0, Math.min(images.length - 1, index));
    setCurrent(target);
    track?.scrollTo({ left: target * track.clientWidth, behavior: 'smooth' });
  };

  const onScroll = () => {
    const track = trackRef.current;
    if (!track || track.clientWidth === 0) return;
    const index = Math.round(track.scrollLeft / track.clientWidth);
    if (index !== current) setCurrent(index);
  };

  const many = images.length > 1;

  return (
    <div className={classes.gallery} role="region" aria-roledescription="carousel" aria-label={t`Photos of ${title}`}>
      <div className={classes.stage}>
        {/* Focusable when it scrolls, so the arrow keys move through the photos without a mouse (WCAG 2.1.1). */}
        <div className={classes.track} ref={trackRef} onScroll={onScroll} tabIndex={many ? 0 : undefined}>
          {images.map((image, index) => {
            const number = index + 1;
            const count = images.length;
            return (
            <div
              key={image.id}
              className={classes.slide}
              role="group"
              aria-roledescription="slide"
              aria-label={t`${number} of ${count}`}
            >
              {/* The first photo is the product page's largest paint: fetched at once, ahead of the scripts; the box keeps its 4:3 before it arrives. */}
              <img
                src={resolveMediaUrl(image.url)}
                alt={index === 0 ? title : t`${title}, photo ${number}`}
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : 'auto'}
                width={image.width}
                height={image.height}
              />
            </div>
            );
          })}
        </div>
        {many && (
          <>
            <ActionIcon className={`${classes.arrow} ${classes.prev}`} variant="white" color="dark" radius="xl" size={40} aria-label={t`Previous photo`} onClick={() => show(current - 1)} disabled={current === 0} visibleFrom="sm">
              <IconChevronLeft size={22} />
            </ActionIcon>
            <ActionIcon
              className={`${classes.arrow} ${classes.next}`}
              variant="white"
              color="dark"
              radius="xl"
              size={40}
              aria-label={t`Next photo`}
              onClick={() => show(current + 1)}
              disabled={current === images.length - 1}
              visibleFrom="sm"
            >
              <IconChevronRight size={22} />
            </ActionIcon>
            <span className={classes.counter} aria-hidden>
              {current + 1} / {images.length}
            </span>
          </>
        )}
      </div>
      {many && (
        <div className={classes.thumbs}>
          {images.map((image, index) => {
            const number = index + 1;
            return (
            <button key={image.id} type="button" className={classes.thumb} aria-current={index === current} aria-label={t`Show photo ${number}`} onClick={() => show(index)}>
              <img src={resolveMediaUrl(image.thumbUrl)} alt="" loading="lazy" width={64} height={48} />
            </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
