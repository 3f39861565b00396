import { useEffect, type RefObject } from 'react';

/**
 * What the floating buttons must never cover: a page marks its total and its main action
 * (Checkout, Pay, Add to basket) with this attribute.
 */
export const KEEP_CLEAR_ATTRIBUTE = 'data-keep-clear';

/**
 * What the buttons step aside for: what a page marks, and every form field (a field half under a
 * button cannot be read or tapped). Mantine's fields carry mantine-Input-input (FileInput's too).
 */
const KEEP_CLEAR_SELECTOR = `[${KEEP_CLEAR_ATTRIBUTE}], .mantine-Input-input, input:not([type="hidden"]):not([type="file"]), textarea, select`;

/** Room kept between a marked element and the buttons, in px. */
const CLEARANCE = 8;

export function rectanglesMeet(a: DOMRectReadOnly, b: DOMRectReadOnly, clearance = 0): boolean {
  return a.left < b.right + clearance && b.left < a.right + clearance && a.top < b.bottom + clearance && b.top < a.bottom + clearance;
}

/**
 * Tells `onChange` whether a marked element of the page lies under the floating buttons' place
 * (`area`: their container, which does not move when they step aside). Checked once per frame
 * after a scroll, a resize or a change of the page; false again when it stops watching.
 */
export function KeepClearWatcher({ area, onChange }: { area: RefObject<HTMLElement | null>; onChange: (covering: boolean) => void }) {
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      const areaElement = area.current;
      if (!areaElement) return;
      const areaRect = areaElement.getBoundingClientRect();
      const marked = document.querySelectorAll(KEEP_CLEAR_SELECTOR);
      onChange(
        Array.from(marked).some((element) => {
          // The buttons' own fields (the assistant's panel) are not under them.
          if (areaElement.contains(element)) return false;
          const rect = element.getBoundingClientRect();
          return rect.width > 0 && rect.height > 0 && rectanglesMeet(rect, areaRect, CLEARANCE);
        }),
      );
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(check);
    };
    schedule();
    // Capture: a page's own scroller (a chat, a dialog) does not bubble its scroll events.
    window.addEventListener('scroll', schedule, { passive: true, capture: true });
    window.addEventListener('resize', schedule);
    const mutations = new MutationObserver(schedule);
    mutations.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: [KEEP_CLEAR_ATTRIBUTE] });
    // Pictures that load and push the content down change no element, but do change the body's size.
    const resizes = new ResizeObserver(schedule);
    resizes.observe(document.body);
    return () => {
      if (frame !== 0) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
      mutations.disconnect();
      resizes.disconnect();
      onChange(false);
    };
  }, [area, onChange]);

  return null;
}
