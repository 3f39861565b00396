import { useEffect, useRef } from 'react';
import classes from './listing.module.css';

/** Asks for the next page when the end of the list comes within `rootMargin` of the screen. */
export function InfiniteSentinel({ onVisible, disabled, rootMargin = '600px 0px' }: { onVisible: () => void; disabled: boolean; rootMargin?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onVisible);

  useEffect(() => {
    callback.current = onVisible;
  }, [onVisible]);

  useEffect(() => {
    const element = ref.current;
    if (!element || disabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [disabled, rootMargin]);

  return <div ref={ref} className={classes.sentinel} aria-hidden />;
}
