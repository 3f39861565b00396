import type { ServerResponse } from 'node:http';

/**
 * The hold-verify switch: `GET /transaction/verify/{reference}` for a held reference arrives, is
 * recorded, and gets no answer until released. A crash test uses it to stop the app at the exact
 * moment Paystack has been asked and the app's ledger write has not happened yet (the app waits for
 * the answer), then kills the app there.
 */
export class VerifyHolds {
  private readonly switchedOn = new Set<string>();
  private readonly waiting = new Set<{ reference: string; release: () => void }>();
  private readonly arrivals = new Set<() => void>();

  hold(reference: string): void {
    this.switchedOn.add(reference);
  }

  applies(reference: string): boolean {
    return this.switchedOn.has(reference);
  }

  /** The references whose verify is waiting for its answer now (one per request). */
  held(): string[] {
    return [...this.waiting].map((entry) => entry.reference);
  }

  /**
   * Waits until released (true) or until the caller went away first (false: its connection closed,
   * as when the app was killed); the caller then answers nothing.
   */
  wait(reference: string, res: ServerResponse): Promise<boolean> {
    return new Promise((resolve) => {
      const entry = {
        reference,
        release: () => {
          this.waiting.delete(entry);
          res.off('close', gone);
          resolve(true);
        },
      };
      const gone = () => {
        this.waiting.delete(entry);
        resolve(false);
      };
      res.once('close', gone);
      this.waiting.add(entry);
      for (const notify of [...this.arrivals]) notify();
    });
  }

  /** Resolves once a verify of `reference` is being held (at once when one already is). */
  waitForHeld(reference: string, timeoutMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!this.held().includes(reference)) return;
        finish();
        resolve();
      };
      const timer = setTimeout(() => {
        finish();
        reject(new Error(`Paystack double: no verify of ${reference} arrived to be held within ${timeoutMs} ms`));
      }, timeoutMs);
      const finish = () => {
        clearTimeout(timer);
        this.arrivals.delete(check);
      };
      this.arrivals.add(check);
      check();
    });
  }

  /** Turns the switch off for every reference and lets every held verify be answered (with the transaction as it is then). */
  release(): number {
    this.switchedOn.clear();
    const entries = [...this.waiting];
    for (const entry of entries) entry.release();
    return entries.length;
  }
}
