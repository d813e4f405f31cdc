/**
 * The simulator's clock: real time plus an offset that the control API can
 * move forward (`POST /_sim/clock/advance`), so tests can expire unverified
 * orders without waiting. Webhook signatures always use real time.
 */
export class Clock {
  private offsetMs = 0

  nowMs(): number {
    return Date.now() + this.offsetMs
  }

  now(): Date {
    return new Date(this.nowMs())
  }

  iso(): string {
    return this.now().toISOString()
  }

  advance(ms: number): void {
    this.offsetMs += ms
  }

  get offset(): number {
    return this.offsetMs
  }

  reset(): void {
    this.offsetMs = 0
  }
}
