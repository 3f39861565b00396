import { useEffect, useRef, useState } from 'react';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { useLocation } from 'react-router';
import classes from './native-field.module.css';

/** Typing pauses longer than this run the search without Enter. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface SearchBoxProps {
  /** The search in the address. */
  value: string;
  /**
   * Runs a search. `replace` is true while the person is still typing the same search, so one
   * typed search is one history entry however many pauses it had.
   */
  onSearch: (query: string, options: { replace: boolean }) => void;
  placeholder?: string;
}

/** The listing's search field: searches on Enter and after a short pause in typing. */
export function SearchBox({ value, onSearch, placeholder }: SearchBoxProps) {
  const { t } = useLingui();
  const [text, setText] = useState(value);
  const [syncedValue, setSyncedValue] = useState(value);
  const typingSession = useRef(false);
  const lastSent = useRef(value);
  const pendingSearch = useRef<number | undefined>(undefined);
  // The page this box searches. A card opened within the pause leaves it at once in the address
  // while the next page is still loading and this one still shows: the pause's search must not
  // then take the person back.
  const { pathname } = useLocation();

  // Back/Forward or a cleared filter changed the search in the address: show it.
  if (value !== syncedValue) {
    setSyncedValue(value);
    if (value !== text.trim()) setText(value);
  }

  useEffect(() => {
    // A search that did not come from this box ends the typing session.
    if (value !== lastSent.current) typingSession.current = false;
    lastSent.current = value;
  }, [value]);

  const send = (query: string) => {
    window.clearTimeout(pendingSearch.current);
    lastSent.current = query;
    onSearch(query, { replace: typingSession.current });
  };

  useEffect(() => {
    const query = text.trim();
    if (query === value) return;
    pendingSearch.current = window.setTimeout(() => {
      if (query === lastSent.current || window.location.pathname !== pathname) return;
      lastSent.current = query;
      onSearch(query, { replace: typingSession.current });
      typingSession.current = true;
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(pendingSearch.current);
  }, [text, value, onSearch, pathname]);

  const submit = () => {
    const query = text.trim();
    window.clearTimeout(pendingSearch.current);
    if (query !== lastSent.current) send(query);
    typingSession.current = false;
  };

  const clear = () => {
    setText('');
    typingSession.current = false;
    if (value !== '') send('');
  };

  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className={classes.field}>
        <span className={classes.left} aria-hidden>
          <IconSearch size={18} />
        </span>
        <input
          className={`${classes.control} ${classes.search}`}
          type="search"
          aria-label={t`Search produce`}
          placeholder={placeholder ?? t`Search produce, farms or regions`}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          maxLength={200}
          enterKeyHint="search"
        />
        {text && (
          <span className={classes.right}>
            <button type="button" className={classes.clear} aria-label={t`Clear search`} onClick={clear}>
              <IconX size={16} />
            </button>
          </span>
        )}
      </div>
    </form>
  );
}
