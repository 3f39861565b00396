/**
 * Where this process is in its life (issue 29): `draining` turns true the moment SIGTERM or SIGINT
 * arrives, before anything closes, so GET /api/health/ready answers 503 at once and a load balancer
 * stops sending new requests while the ones in flight finish.
 */
export class Lifecycle {
  #draining = false;
  #listeners: Array<() => void> = [];

  get draining(): boolean {
    return this.#draining;
  }

  /** Marks the process as shutting down; listeners run once, in order. */
  startDraining(): void {
    if (this.#draining) return;
    this.#draining = true;
    for (const listener of this.#listeners) listener();
  }

  /** Runs `listener` when draining starts (at once when it has already started). */
  onDraining(listener: () => void): void {
    if (this.#draining) listener();
    else this.#listeners.push(listener);
  }
}
