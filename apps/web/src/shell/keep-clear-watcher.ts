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

/** Elements that are content wherever they are drawn: pictures and controls. */
const DRAWN_CONTENT = new Set(['IMG', 'PICTURE', 'SVG', 'VIDEO', 'CANVAS', 'BUTTON', 'A', 'INPUT', 'TEXTAREA', 'SELECT', 'LABEL']);

/** Points sampled across the buttons' place, per side (a 4 x 4 grid). */
const SAMPLES_PER_SIDE = 4;

type Box = Pick<DOMRectReadOnly, 'left' | 'right' | 'top' | 'bottom'>;

export function rectanglesMeet(a: Box, b: Box, clearance = 0): boolean {
  return a.left < b.right + clearance && b.left < a.right + clearance && a.top < b.bottom + clearance && b.top < a.bottom + clearance;
}

/** Whether any of `element`'s own lines of text (not its children's) is drawn within `area`. */
function ownTextMeets(element: Element, area: Box): boolean {
  for (const node of Array.from(element.childNodes)) {
    if (node.nodeType !== Node.TEXT_NODE || (node.textContent ?? '').trim() === '') continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    if (Array.from(range.getClientRects()).some((line) => line.width > 0 && rectanglesMeet(line, area))) return true;
  }
  return false;
}

/**
 * Whether the page draws content under `area` (the buttons' place): the topmost element of the page
 * at a grid of points there (the buttons themselves left out) is a picture or a control, or has
 * text of its own in the area. A card's or a page's bare background is not content.
 */
export function contentUnder(area: Box, floating: Element): boolean {
  const seen = new Set<Element>();
  const width = area.right - area.left;
  const height = area.bottom - area.top;
  for (let row = 0; row < SAMPLES_PER_SIDE; row += 1) {
    for (let column = 0; column < SAMPLES_PER_SIDE; column += 1) {
      const x = area.left + (width * (column + 0.5)) / SAMPLES_PER_SIDE;
      const y = area.top + (height * (row + 0.5)) / SAMPLES_PER_SIDE;
      const element = document.elementsFromPoint(x, y).find((candidate) => !floating.contains(candidate));
      if (!element || seen.has(element)) continue;
      seen.add(element);
      // An SVG's shapes and a link's or button's inner spans count as the picture or control.
      const drawn = element.closest('svg, button, a, label') ?? element;
      if (DRAWN_CONTENT.has(drawn.tagName.toUpperCase()) || ownTextMeets(element, area)) return true;
    }
  }
  return false;
}

/**
 * Tells `onChange` whether content of the page lies under the floating buttons' place (`area`:
 * their container, which does not move when they step aside): a marked element or a form field
 * near it, or any text, picture or control under it. Checked once per frame after a scroll, a
 * resize or a change of the page; false again when it stops watching.
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
      const markedNear = Array.from(marked).some((element) => {
        // The buttons' own fields (the assistant's panel) are not under them.
        if (areaElement.contains(element)) return false;
        const rect = element.getBoundingClientRect();
        return rect.width > 0 && rect.height > 0 && rectanglesMeet(rect, areaRect, CLEARANCE);
      });
      onChange(markedNear || (areaRect.width > 0 && contentUnder(areaRect, areaElement)));
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
