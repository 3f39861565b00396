import { useEffect, useState } from 'react';

/** The current time, refreshed every minute, so "Yesterday" and clock labels roll over on their own. */
export function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}
