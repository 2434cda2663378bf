/**
 * One subscriber's bounded queue: the hub pushes, the subscription's generator takes. When the
 * queue is full the subscriber is too slow: the queue marks itself overflowed and takes nothing
 * more (its socket is then closed; the client reconnects and catches up from the log), so one slow
 * socket never holds the hub or the other subscribers back.
 */
export class LiveQueue<T> {
  private items: T[] = [];
  private head = 0;
  private waiter: (() => void) | null = null;
  overflowed = false;
  ended = false;

  constructor(private readonly max: number) {}

  get size() {
    return this.items.length - this.head;
  }

  push(item: T) {
    if (this.ended) return;
    if (this.size >= this.max) {
      this.overflowed = true;
      this.ended = true;
    } else {
      this.items.push(item);
    }
    this.notify();
  }

  /** No more items: the generator returns once it has taken what is queued. */
  end() {
    this.ended = true;
    this.notify();
  }

  /** Takes what is queued, at most `max` items, oldest first. */
  take(max: number): T[] {
    const end = Math.min(this.items.length, this.head + max);
    const taken = this.items.slice(this.head, end);
    this.head = end;
    if (this.head === this.items.length) {
      this.items = [];
      this.head = 0;
    } else if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return taken;
  }

  /** Resolves when something was pushed, the queue ended, or the signal aborted. */
  wait(signal: AbortSignal): Promise<void> {
    if (this.size > 0 || this.ended || signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        signal.removeEventListener('abort', done);
        this.waiter = null;
        resolve();
      };
      this.waiter = done;
      signal.addEventListener('abort', done, { once: true });
    });
  }

  private notify() {
    this.waiter?.();
  }
}
