import { control } from "./simulator"
import { waitUntil } from "./wait"

/**
 * Fault injection for the reliability specs (docs/reliability.md): the
 * simulator's faults, one call at a time, with the time each operation took
 * and a table of what was seen.
 */

/** The client settings these specs run with (set before Medusa boots). */
export const FAULT_CLIENT = { timeoutMs: 1500, maxRetries: 1, retryAfterSeconds: 1 } as const
/** The transport's bound of one call: attempts and waits together (deadlineMs defaults to 3 x timeoutMs). */
export const CALL_DEADLINE_MS = 3 * FAULT_CLIENT.timeoutMs
/**
 * What Medusa's own work may add to one store or admin request on a busy two-core machine. Measured: a cart
 * completion without any fault took 7.5 to 9 s there while eight other Medusa test processes ran.
 */
export const MEDUSA_SLACK_MS = 16_000
/** Upper bound of one store or admin request in which one call to the service meets one fault. */
export const TIME_BOUND_MS = CALL_DEADLINE_MS + MEDUSA_SLACK_MS
/**
 * A cart completion whose authorization fails also runs Medusa's compensation (the order, its links, reservations
 * and promotion usage are undone): measured 21.6 and 22.8 s under that load for a completion meeting a 500 (which
 * is not retried and answers at once) and a timeout on the instalment plan's creation.
 */
export const FAILED_COMPLETION_EXTRA_MS = 8_000

export const faultEnv = {
  TRADE_CREDIT_TIMEOUT_MS: String(FAULT_CLIENT.timeoutMs),
  TRADE_CREDIT_MAX_RETRIES: String(FAULT_CLIENT.maxRetries),
  TRADE_CREDIT_CAPTURE_ON: "manual",
}

export type FaultCase = {
  name: string
  fault: Record<string, unknown>
  /** "ok": the transport's retry absorbs it; "error": the buyer or admin gets a 4xx with a code. */
  expect: "ok" | "error"
}

export const FAULTS: FaultCase[] = [
  { name: "latency past the timeout", fault: { type: "latency", ms: FAULT_CLIENT.timeoutMs + 1000 }, expect: "error" },
  { name: "500", fault: { type: "status", status: 500 }, expect: "error" },
  { name: "503 + Retry-After", fault: { type: "status", status: 503, retry_after: FAULT_CLIENT.retryAfterSeconds }, expect: "ok" },
  { name: "429", fault: { type: "status", status: 429 }, expect: "ok" },
  { name: "drop before commit", fault: { type: "drop", when: "before" }, expect: "ok" },
  { name: "drop after commit", fault: { type: "drop", when: "after" }, expect: "ok" },
  { name: "malformed JSON", fault: { type: "malformed_json" }, expect: "error" },
  { name: "contract-breaking body", fault: { type: "contract_violation" }, expect: "error" },
]

/** Error codes a failed call may surface to the buyer or the admin. */
export const SERVICE_ERROR_CODES = ["TRADE_CREDIT_UNAVAILABLE", "TRADE_CREDIT_BAD_RESPONSE"]

export type Row = {
  call: string
  fault: string
  seen: string
  ms: number
  bound: number
  duplicates: number
  lost: string
}

/**
 * Injects `fault` on the next `method path` request the service receives, runs
 * `op`, and returns its answer and duration. Fails when the fault was never hit
 * (the operation did not make that call). Waits for a latency fault's held
 * request to be handled before returning, so counts read afterwards are final.
 */
export async function withFault<T>(
  simUrl: string,
  target: { method: string; path: string },
  fc: FaultCase,
  op: () => Promise<T>
): Promise<{ result: T; ms: number }> {
  await control(simUrl, "DELETE", "/_sim/faults")
  const injected = await control(simUrl, "POST", "/_sim/faults", { ...target, times: 1, fault: fc.fault })
  // The target's path may be a pattern (`/v1/order/:id`): the log is read by method, and the one fault marks its request.
  const logged = async () => (await control(simUrl, "GET", `/_sim/requests?method=${target.method}`)).items as { seq: number; fault: string | null }[]
  const before = Math.max(0, ...(await logged()).map((r) => r.seq))
  const started = Date.now()
  const result = await op()
  const ms = Date.now() - started
  const left = (await control(simUrl, "GET", "/_sim/faults")).items.filter((f: any) => f.id === injected.id)
  await control(simUrl, "DELETE", "/_sim/faults")
  if (left.length) throw new Error(`the fault "${fc.name}" on ${target.method} ${target.path} was never hit`)
  if (fc.fault.type === "latency") {
    // The held request is logged by the service once it is answered (or its connection closes).
    await waitUntil(`the held ${target.method} ${target.path} to be answered`, async () =>
      (await logged()).some((r) => r.seq > before && r.fault === "latency")
    )
  }
  return { result, ms }
}

/** What a store or admin answer says, for the table: "200" or "400 TRADE_CREDIT_UNAVAILABLE". */
export function seenOf(res: { status: number; data?: any }): string {
  return res.status < 300 ? String(res.status) : `${res.status} ${res.data?.code ?? res.data?.type ?? "(no code)"}`
}

/** Checks a failed answer is a clear JSON 4xx with a service error code. */
export function isClearError(res: { status: number; data?: any; headers?: any }): boolean {
  return res.status >= 400 && res.status < 500 && typeof res.data === "object" && SERVICE_ERROR_CODES.includes(res.data?.code)
}

export type StepOptions<R> = {
  /** What counts as a clear refusal (default: a JSON 4xx with a service error code). */
  clear?: (res: R) => boolean
  /** The answer as the table shows it. */
  seen?: (res: R) => string
  /** A cart completion: a failed one is given FAILED_COMPLETION_EXTRA_MS more in the table's bound. */
  completion?: boolean
}

/**
 * The one faulted step of the fault suites: the fault injected once on `target` while `op` runs; the answer is a
 * success (required when the fault is one the client absorbs) or a clear refusal, never a 500 or a vague error; then
 * `settle` recovers as the buyer or the admin would and counts duplicates, of which there must be none; a row goes to
 * `rows`. The time goes to the table, not to an assertion: a bound on wall-clock time belongs in bench/, and what it
 * stood for (an answer rather than a hang, nothing duplicated or lost) is asserted.
 */
export function faultStepper(simulator: { url: string }, rows: Row[]) {
  return async function step<R extends { status: number; data?: any }>(
    call: string,
    target: { method: string; path: string },
    fc: FaultCase,
    op: () => Promise<R>,
    succeeded: (res: R) => boolean,
    settle: (res: R, ok: boolean) => Promise<number>,
    { clear = isClearError, seen = seenOf, completion = false }: StepOptions<R> = {}
  ): Promise<void> {
    // The simulator's URL is read now: it is known only once the area's simulator started.
    const { result, ms } = await withFault(simulator.url, target, fc, op)
    const ok = succeeded(result)
    if (fc.expect === "ok") expect({ call, fault: fc.name, ok, seen: seen(result), body: result.data }).toMatchObject({ ok: true })
    // A success is acceptable too: e.g. Medusa's order cancellation answers 200 when the payment's cancellation failed
    // (it only logs it), and a plan is found again through the service's 409; `settle` checks what followed.
    else expect({ call, fault: fc.name, answer: ok || clear(result), seen: seen(result), body: result.data }).toMatchObject({ answer: true })
    const duplicates = await settle(result, ok)
    expect(duplicates).toBe(0)
    const bound = TIME_BOUND_MS + (completion && !ok ? FAILED_COMPLETION_EXTRA_MS : 0)
    rows.push({ call, fault: fc.name, seen: seen(result), ms, bound, duplicates, lost: "none" })
  }
}

/** Prints the rows as a markdown table (copied into docs/reliability.md). */
export function printTable(title: string, rows: Row[]): void {
  const lines = [
    `\n### ${title}\n`,
    "| Call | Fault | Answer seen | Time (ms) | Bound (ms) | Duplicates | Data lost |",
    "|---|---|---|---|---|---|---|",
    ...rows.map((r) => `| ${r.call} | ${r.fault} | ${r.seen} | ${r.ms} | ${r.bound} | ${r.duplicates} | ${r.lost} |`),
  ]
  // eslint-disable-next-line no-console
  console.log(lines.join("\n"))
}
