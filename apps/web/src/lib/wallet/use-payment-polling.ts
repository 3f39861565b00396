import { useEffect, useRef, useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { isNotFound } from './get-top-up';
import { pollTimeLeft, shouldPollTopUp, type PaymentProgress } from './top-up-flow';

interface PaymentPollingOptions<T, P extends PaymentProgress> {
  /** The query of the payment, asked again while `poll` holds (a top-up's, or a checkout's). */
  useWatched: (poll: boolean) => UseQueryResult<T>;
  /** The payment inside what the query answers. */
  paymentOf: (data: T) => P;
  /** Once, when the payment is decided (its status is no longer pending). */
  onDecided: (data: T) => void;
  /** The payment is not the person's, or there is no such payment (404). */
  onNotFound: () => void;
}

/**
 * Watches a payment the provider has to confirm: asks every 2 s (the query's own interval) until it
 * is decided, and stops after 3 minutes of the provider's silence, counted from when the provider
 * has to answer (after the SMS code, say); `checkAgain` asks once more and starts the 3 minutes again.
 * The wallet's top-ups and the basket's checkouts paid through the provider share it.
 */
export function usePaymentPolling<T, P extends PaymentProgress>({ useWatched, paymentOf, onDecided, onNotFound }: PaymentPollingOptions<T, P>) {
  const [startedAt, setStartedAt] = useState(() => Date.now());
  const [timedOut, setTimedOut] = useState(false);
  const query = useWatched(!timedOut);
  const payment = query.data === undefined ? undefined : paymentOf(query.data);
  const pollable = shouldPollTopUp(payment);
  const notFound = isNotFound(query.error);

  useEffect(() => {
    if (pollable) setStartedAt(Date.now());
  }, [pollable]);

  useEffect(() => {
    if (!pollable || timedOut || notFound) return;
    const timer = window.setTimeout(() => setTimedOut(true), pollTimeLeft(startedAt, Date.now()));
    return () => window.clearTimeout(timer);
  }, [pollable, timedOut, notFound, startedAt]);

  const reported = useRef(false);
  const data = query.data;
  useEffect(() => {
    if (data === undefined || paymentOf(data).status === 'pending' || reported.current) return;
    reported.current = true;
    onDecided(data);
  }, [data, paymentOf, onDecided]);

  useEffect(() => {
    if (notFound) onNotFound();
  }, [notFound, onNotFound]);

  const checkAgain = () => {
    setStartedAt(Date.now());
    setTimedOut(false);
    void query.refetch();
  };

  return { query, payment, timedOut, notFound, checkAgain };
}
