// The tab's one line of session starts per cart, shared by TradeCreditFields (the payment step) and
// TradeCreditPaymentButton (the review step), which the starters render in sibling components:
// - one start at a time: two at once make two payment collections and replace each other's sessions;
// - a start waiting behind the running one gives way to a newer one: only the buyer's latest choice is sent;
// - nothing the payment step scheduled before Place order was pressed starts after it: a late save would replace the
//   session the order is being placed with (the button carries the buyer's latest references itself).
// Browser state, by cart, for the page's life; nothing of it is on the server.

type Waiting = { start: () => Promise<void>; asOf: number; done: (started: boolean) => void }
type Line = { running?: Promise<void>; waiting?: Waiting; placing: number; presses: number }

const lines = new Map<string, Line>()

const lineOf = (cartId: string): Line => {
  let line = lines.get(cartId)
  if (!line) lines.set(cartId, (line = { placing: 0, presses: 0 }))
  return line
}

/** Stale: Place order was pressed since the change was made (`asOf`), or is being pressed. */
const stale = (line: Line, asOf: number) => line.placing > 0 || line.presses !== asOf

async function drain(line: Line): Promise<void> {
  await undefined // the caller records the line as running first
  while (line.waiting) {
    const job = line.waiting
    line.waiting = undefined
    if (stale(line, job.asOf)) {
      job.done(false)
      continue
    }
    // A start answers its own failures (startTradeCreditSession never throws); one that does must not stop the line.
    await job.start().catch((error: unknown) => console.warn("trade credit: a session start failed", error))
    job.done(true)
  }
  line.running = undefined // in the same turn as the last look at `waiting`: nothing queued is left behind
}

/** What `queueSessionStart` needs to know of Place order: read when the buyer's change is made. */
export function placeOrderPresses(cartId: string): number {
  return lineOf(cartId).presses
}

/**
 * Runs `start` once the cart's running start ended. Resolves `false` when it was dropped: a newer start was queued
 * behind the same running one, or Place order was pressed since `asOf` (placeOrderPresses when the change was made).
 */
export function queueSessionStart(cartId: string, asOf: number, start: () => Promise<void>): Promise<boolean> {
  const line = lineOf(cartId)
  return new Promise<boolean>((done) => {
    if (stale(line, asOf)) return done(false)
    line.waiting?.done(false)
    line.waiting = { start, asOf, done }
    line.running ??= drain(line)
  })
}

/**
 * Place order, alone on the cart's line: what the payment step scheduled and has not started is dropped (the button
 * places the order with the buyer's latest choice), the start under way is awaited, then `place` runs; nothing the
 * payment step scheduled before the press starts afterwards.
 */
export async function placingOrder<T>(cartId: string, place: () => Promise<T>): Promise<T> {
  const line = lineOf(cartId)
  line.presses++
  line.placing++
  try {
    const waiting = line.waiting
    line.waiting = undefined
    waiting?.done(false)
    await line.running
    return await place()
  } finally {
    line.placing--
  }
}
