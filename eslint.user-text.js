/**
 * Options of lingui/no-unlocalized-strings for the web app (docs/decisions/046-languages-lingui.md):
 * what is not text a person reads. Add to these lists only things that are never shown.
 */
const NOT_TEXT_PROPS = [
  // React, DOM and routing
  'className', 'classNames', 'class', 'id', 'key', 'to', 'href', 'src', 'srcSet', 'type', 'name', 'role', 'method', 'target', 'rel',
  'autoComplete', 'inputMode', 'enterKeyHint', 'autoCapitalize', 'htmlFor', 'form', 'lang', 'dir', 'pattern', 'accept', 'capture',
  'decoding', 'loading', 'fetchPriority', 'crossOrigin', 'referrerPolicy', 'sandbox', 'allow', 'scope', 'path', 'state', 'style',
  'data-.*', 'testid', 'Authorization', 'Accept', 'Content-Type', 'dataTestId', 'aria-(controls|describedby|labelledby|live|haspopup|current|expanded|hidden|modal|orientation|owns|relevant|sort|autocomplete|invalid)',
  // SVG
  'd', 'viewBox', 'fill', 'stroke', 'strokeWidth', 'strokeLinecap', 'strokeLinejoin', 'xmlns', 'preserveAspectRatio', 'transform', 'fillRule', 'clipRule',
  // Mantine and layout keywords
  'variant', 'color', 'c', 'size', 'fw', 'fs', 'ta', 'tt', 'ff', 'fz', 'lh', 'td', 'justify', 'align', 'gap', 'wrap', 'direction', 'position', 'radius', 'component',
  'mode', 'mt', 'mb', 'ml', 'mr', 'mx', 'my', 'm', 'p', 'px', 'py', 'pt', 'pb', 'pl', 'pr', 'w', 'h', 'maw', 'mah', 'miw', 'mih', 'display', 'order', 'orientation',
  'bg', 'bd', 'sizes', 'layout', 'fit', 'objectFit', 'labelPosition', 'placement', 'arrowPosition', 'side', 'transition', 'duration', 'timingFunction', 'shadow',
  'autoContrast', 'gradient', 'iconPosition', 'loaderPosition', 'visibleFrom', 'hiddenFrom', 'breakpoint', 'cols', 'spacing', 'verticalSpacing', 'span',
  'inset', 'top', 'bottom', 'left', 'right', 'pos', 'opacity', 'z', 'zIndex', 'flex', 'cursor', 'overflow', 'lineClamp', 'truncate', 'valueFormat', 'format',
  'clearable', 'rightSectionPointerEvents', 'leftSectionPointerEvents', 'withinPortal', 'dropdownPosition', 'scrollbars', 'type', 'offsetScrollbars',
  // Data keys: statuses, kinds, query keys, events, storage keys, currencies, units
  'status', 'kind', 'event', 'tab', 'value', 'defaultValue', 'locale', 'currency', 'unit', 'queryKey', 'mutationKey', 'storageKey', 'icon', 'slug', 'mask',
  'thousandSeparator', 'decimalSeparator', 'method', 'nonce', 'charSet', 'property', 'itemProp', 'itemType', 'reason', 'code', 'intent', 'fulfilment', 'sort',
  'cacheName', 'channel', 'room', 'tag', 'badge', 'filter', 'view', 'step', 'area', 'when',
  // JSON-LD's node type (schema.org class names such as "Product"), read by search engines only
  '@type',
  // Constant names (SCREAMING_CASE) hold keys, patterns and sizes
  '[A-Z0-9_]+',
];

export const USER_TEXT_RULE = [
  'error',
  {
    ignore: [
      // one token of code: a key, an id, a CSS value, a MIME type, a path ("buyer", "image/jpeg", "/basket",
      // "kg"); a capitalised word ("Saved") is text, an all-capitals one ("GET", "USD") a constant
      '^[a-z0-9_/#.@$&%=?,:+*-][\\w.:/+*#@$&%=?,-]*$',
      '^[A-Z0-9_]+$',
      '^(https?:|mailto:|tel:|geo:|data:|blob:)',
      // CSS values and media queries with spaces ("1px solid", "(display-mode: standalone)")
      '^[\\d.]+(px|rem|em|%|vh|vw|ms|s)?( [\\w.#(),%-]+)*$',
      '^\\(.*\\)$',
      '^(var|calc|rgba?|hsla?|light-dark|translate\\w*|rotate|scale)\\(',
    ],
    ignoreNames: NOT_TEXT_PROPS.map((pattern) => ({ regex: { pattern: `^(${pattern})$` } })),
    ignoreFunctions: [
      'console.*', 'Error', 'TypeError', 'RangeError', 'URL', 'URLSearchParams', 'Headers', '*.headers.set', 'headers.set', '*.setRequestHeader',
      'cx', 'clsx', 'rem', 'em', 'px', 'matchMedia', 'window.matchMedia', '*.closest', '*.querySelector', '*.querySelectorAll', 'document.querySelector',
      '*.getElementById', 'document.getElementById', '*.addEventListener', '*.removeEventListener', 'window.addEventListener', 'window.removeEventListener',
      '*.setAttribute', '*.getAttribute', 'document.createElement', '*.startsWith', '*.endsWith', '*.includes', '*.split', '*.join', '*.replace',
      '*.replaceAll', '*.has', '*.get', '*.set', '*.delete', '*.emit', '*.on', '*.off', '*.once', 'useSocketEvent', 'useSearchParams', 'navigate',
      'encodeURIComponent', 'apiRequest', 'fetch', '*.postMessage', 'import.meta.glob', 'readSessionValue', 'writeSessionValue', 'removeSessionValue',
      '*.getItem', '*.setItem', '*.removeItem', 'localStorage.*', 'sessionStorage.*', 'createContext', 'Symbol', 'Symbol.for', 'new Date', 'Date',
      'Date.parse', 'Number', 'JSON.parse', 'structuredClone', 'caches.open', '*.match', '*.test', 'RegExp', 'new RegExp', 'Intl.*', 'invariant',
      'require', 'useMediaQuery', 'useLocalStorage', 'useSessionStorage', 'openDB', '*.transaction', '*.objectStore', '*.createObjectStore', '*.createIndex',
      '*.index', 'registerRoute', 'new Request', 'Request', 'new Response', 'Response', 'Response.json', '*.scrollIntoView', '*.animate', '*.dispatchEvent',
      'new CustomEvent', 'new Event', 'CustomEvent', 'Event', 'Blob', 'new Blob', 'File', 'new File', 'Image', 'Array.from', '*.toString', 'String',
    ],
  },
];
