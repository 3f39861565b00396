import { createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DoubleControlError } from './state';

/** Paystack's x-paystack-signature: HMAC-SHA512 of the exact raw body with the secret key, in hex. */
export function signPaystackBody(rawBody: string, secretKey: string): string {
  return createHmac('sha512', secretKey).update(rawBody).digest('hex');
}

export interface WebhookSettings {
  /** Wait this long before sending each event. */
  delayMs: number;
  /** Never send (a lost webhook); the delivery is recorded as dropped. */
  drop: boolean;
  /** Send every event twice (the same body and signature). */
  duplicate: boolean;
  /** Hold events and send them newest first on flushWebhooks(). */
  reorder: boolean;
  /** Hold events until flushWebhooks(), then send them in order. */
  manual: boolean;
  /** How many times a non-2xx answer (or no answer) is retried; Paystack retries too. */
  retries: number;
  /** The wait before retry n is n times this. */
  retryDelayMs: number;
}

export const DEFAULT_WEBHOOK_SETTINGS: WebhookSettings = { delayMs: 0, drop: false, duplicate: false, reorder: false, manual: false, retries: 3, retryDelayMs: 100 };

export interface WebhookDelivery {
  event: string;
  /** The transaction's or transfer's reference in data, when there is one. */
  reference: string | null;
  url: string | null;
  body: string;
  signature: string;
  /** queued: held (manual, reorder, delay); delivered: a 2xx answer; failed: no 2xx after the retries; dropped: never sent (switch, or the double closed first); no-url: no webhook URL set. */
  state: 'queued' | 'delivered' | 'failed' | 'dropped' | 'no-url';
  /** The last status code answered; null when nothing answered. */
  statusCode: number | null;
  attempts: number;
  error: string | null;
  /** Sent by sendWebhook() (a forged or replayed event), outside the switches. */
  direct: boolean;
}

/** Sends signed events to the webhook URL with the switches tests use to mimic a real network. */
export class WebhookSender {
  private settings: WebhookSettings = { ...DEFAULT_WEBHOOK_SETTINGS };
  private readonly records: WebhookDelivery[] = [];
  private queue: WebhookDelivery[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private readonly delayed = new Map<NodeJS.Timeout, { delivery: WebhookDelivery; settle: () => void }>();

  constructor(
    private readonly secretKey: string,
    private url: string | null,
    private readonly log: (line: string) => void,
  ) {}

  setUrl(url: string | null): void {
    this.url = url;
  }

  configure(settings: Partial<WebhookSettings>): void {
    for (const [key, value] of Object.entries(settings)) {
      if (!(key in DEFAULT_WEBHOOK_SETTINGS)) throw new DoubleControlError(400, `unknown webhook setting '${key}'`);
      const expected = typeof DEFAULT_WEBHOOK_SETTINGS[key as keyof WebhookSettings];
      if (typeof value !== expected) throw new DoubleControlError(400, `webhook setting '${key}' must be a ${expected}`);
    }
    this.settings = { ...this.settings, ...settings };
  }

  deliveries(): WebhookDelivery[] {
    return this.records.map((record) => ({ ...record }));
  }

  private record(event: string, data: Record<string, unknown>, signature: string | null, direct: boolean): WebhookDelivery {
    const body = JSON.stringify({ event, data });
    const delivery: WebhookDelivery = {
      event,
      reference: typeof data.reference === 'string' ? data.reference : null,
      url: this.url,
      body,
      signature: signature ?? signPaystackBody(body, this.secretKey),
      state: 'queued',
      statusCode: null,
      attempts: 0,
      error: null,
      direct,
    };
    this.records.push(delivery);
    return delivery;
  }

  /** An event as the switches say: sent now (resolves once answered), later (delay), held (manual, reorder) or never (drop). */
  async dispatch(event: string, data: Record<string, unknown>): Promise<void> {
    const copies = Array.from({ length: this.settings.duplicate ? 2 : 1 }, () => this.record(event, data, null, false));
    for (const delivery of copies) {
      if (this.settings.drop) delivery.state = 'dropped';
      else if (this.settings.manual || this.settings.reorder) this.queue.push(delivery);
      else if (this.settings.delayMs > 0) this.later(delivery, this.settings.delayMs);
      else await this.track(this.deliver(delivery, this.settings.retries));
    }
  }

  /** Sends everything held (newest first when reordering) and waits for every answer, delayed events included. */
  async flush(): Promise<void> {
    const held = this.queue.splice(0);
    if (this.settings.reorder) held.reverse();
    for (const delivery of held) await this.track(this.deliver(delivery, this.settings.retries));
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  /** One signed (or deliberately mis-signed) event, sent once whatever the switches say. */
  async sendDirect(event: string, data: Record<string, unknown>, signature?: string): Promise<{ status: number }> {
    if (!this.url) throw new Error('Paystack double: no webhook URL is set (webhookUrl option, setWebhookUrl or POST /__double/webhook-url)');
    const delivery = this.record(event, data, signature ?? null, true);
    await this.deliver(delivery, 0);
    if (delivery.statusCode === null) throw new Error(`Paystack double: the webhook to ${delivery.url} got no answer: ${delivery.error}`);
    return { status: delivery.statusCode };
  }

  /** Forgets deliveries, held and delayed events and the switches; keeps the URL. */
  reset(): void {
    this.cancelDelayed();
    this.queue = [];
    this.records.length = 0;
    this.settings = { ...DEFAULT_WEBHOOK_SETTINGS };
  }

  close(): void {
    this.cancelDelayed();
  }

  private cancelDelayed(): void {
    for (const [timer, { delivery, settle }] of this.delayed) {
      clearTimeout(timer);
      delivery.state = 'dropped';
      settle();
    }
    this.delayed.clear();
  }

  private later(delivery: WebhookDelivery, delayMs: number): void {
    let settle: () => void = () => {};
    const done = new Promise<void>((resolve) => (settle = resolve));
    const timer = setTimeout(() => {
      this.delayed.delete(timer);
      void this.deliver(delivery, this.settings.retries).finally(settle);
    }, delayMs);
    this.delayed.set(timer, { delivery, settle });
    void this.track(done);
  }

  private async track(work: Promise<void>): Promise<void> {
    this.inFlight.add(work);
    try {
      await work;
    } finally {
      this.inFlight.delete(work);
    }
  }

  private async deliver(delivery: WebhookDelivery, retries: number): Promise<void> {
    delivery.url = this.url;
    if (!delivery.url) {
      delivery.state = 'no-url';
      return;
    }
    for (let attempt = 1; attempt <= retries + 1; attempt += 1) {
      if (attempt > 1) await sleep(this.settings.retryDelayMs * (attempt - 1));
      delivery.attempts = attempt;
      try {
        const response = await fetch(delivery.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-paystack-signature': delivery.signature },
          body: delivery.body,
          signal: AbortSignal.timeout(10_000),
        });
        await response.arrayBuffer();
        delivery.statusCode = response.status;
        delivery.error = null;
        if (response.ok) {
          delivery.state = 'delivered';
          return;
        }
      } catch (error) {
        delivery.statusCode = null;
        delivery.error = (error as Error).message;
      }
    }
    delivery.state = 'failed';
    if (!delivery.direct) this.log(`Paystack double: webhook ${delivery.event} to ${delivery.url} failed after ${delivery.attempts} attempts (${delivery.statusCode ?? delivery.error})`);
  }
}
