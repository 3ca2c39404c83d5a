/**
 * The addresses of one probe call not yet taken by a session. The sessions probing one MX address take
 * their batches from the front, and give back, to the front and in order, what they took but could not
 * ask (a 421, a tarpit, a recipient cap), so the next session asks those first.
 */
export class AddressQueue {
  private next = 0;
  private readonly givenBack: string[] = [];

  constructor(private readonly items: readonly string[]) {}

  get size(): number {
    return this.givenBack.length + this.items.length - this.next;
  }

  take(): string | undefined {
    if (this.givenBack.length > 0) return this.givenBack.pop();
    return this.next < this.items.length ? this.items[this.next++] : undefined;
  }

  giveBack(addresses: readonly string[]): void {
    for (let i = addresses.length - 1; i >= 0; i--) this.givenBack.push(addresses[i]);
  }

  /** Empties the queue, returning what was left in order. */
  rest(): string[] {
    const left: string[] = [];
    for (let address = this.take(); address !== undefined; address = this.take()) left.push(address);
    return left;
  }
}
