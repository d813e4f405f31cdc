import { describeKey } from "./key-display"
import { type LogLevel, withLogLevel } from "./log-level"

/** How the plugin writes its lines (the `logFormat` option): readable text, or one JSON object a line. */
export const LOG_FORMATS = ["text", "json"] as const
export type LogFormat = (typeof LOG_FORMATS)[number]

/**
 * The fields a plugin log line may carry: ids (Medusa's, the plugin's own rows', the service's) and codes, nothing
 * else. Whatever is not listed here (a body, an email, a name, a key) cannot be passed by accident: `LogIds` is typed
 * by this list. Medusa spells its fulfillment `fulfillment_id`; the service's invoice of it is `fulfilment_id`.
 */
export const LOG_ID_KEYS = [
  // Medusa's
  "order_id",
  "order_change_id",
  "payment_id",
  "payment_session_id",
  "cart_id",
  "region_id",
  "customer_id",
  "fulfillment_id",
  "capture_id",
  "refund_id",
  // The plugin's own rows
  "reconciliation_run_id",
  "enrollment_id",
  "erasure_request_id",
  "trade_account_user_id",
  // The service's
  "service_order_id",
  "plan_id",
  "fulfilment_id",
  "invoice_number",
  "event_id",
  "event_type",
  "proposal_id",
  "service_user_id",
  "erasure_case",
  "erasure_reference",
  "trace_id",
  // What happened: the plugin's or the service's error code, a funding or enrollment status
  "code",
  "status",
] as const
export type LogIdKey = (typeof LOG_ID_KEYS)[number]

/** The ids of a line: a value left undefined (or null) is left out of the line. */
export type LogIds = { readonly [K in LogIdKey]?: string | number | null }

/** The code and trace id of a failure, for a line's ids: any error's own `code`, a service failure's `traceId`. */
export function errorIds(error: unknown): Pick<LogIds, "code" | "trace_id"> {
  const { code, traceId } = (typeof error === "object" && error !== null ? error : {}) as {
    code?: unknown
    traceId?: unknown
  }
  return {
    code: typeof code === "string" ? code : undefined,
    trace_id: typeof traceId === "string" ? traceId : undefined,
  }
}

/** A logger with the levels a line is written at: Medusa's Logger, the client's, `console`. */
type LineLogger<L extends LogLevel = LogLevel> = { [K in L]: (message: string, error?: Error) => unknown }

const SOURCE = "trade-credit"
const formats = new WeakMap<object, LogFormat>()
const jsonWrappers = new WeakMap<object, object>()

/**
 * Medusa's logger with the plugin's `logLevel` and `logFormat`: lines below the level dropped (withLogLevel), and the
 * format `logLine` writes in. One wrapper per logger, level and format: the providers and the module hand it to the
 * shared client, which keeps one pool per logger object (client/shared-clients.ts), so they must get the same object.
 */
export function withLogOptions<L extends LineLogger>(
  logger: L,
  options: { logLevel?: LogLevel; logFormat?: LogFormat },
): L {
  const levelled = withLogLevel(logger, options.logLevel)
  if (options.logFormat !== "json") return levelled
  const known = jsonWrappers.get(levelled)
  if (known) return known as L
  const json: L = Object.create(levelled)
  formats.set(json, "json")
  jsonWrappers.set(levelled, json)
  return json
}

/** The format `logLine` writes in for this logger: "json" for a wrapper of `withLogOptions` with logFormat "json". */
export function logFormatOf(logger: object): LogFormat {
  return formats.get(logger) ?? "text"
}

const API_KEY = /secret_(?:test|prod)_([A-Za-z0-9_-]+)/g
const WEBHOOK_SECRET = /whsec_[A-Za-z0-9+/=]+/g

/**
 * Anything shaped like an API key (its display form instead: the prefix and a fingerprint, describeKey) or a webhook
 * secret (`whsec_…`). The second guard of every line: the ids' type already keeps secrets out. A display form already
 * in the text (`secret_test_…#1a2b3c4d`) does not look like a key and stays as it is.
 */
export function redactSecrets(text: string): string {
  return text.replace(API_KEY, (key: string) => describeKey(key)).replace(WEBHOOK_SECRET, "whsec_…")
}

/** A value of a text line: quoted (JSON escapes) when it holds a space, a quote, an `=` or nothing. */
function textValue(value: string | number): string {
  const text = String(value)
  return text === "" || /[\s"=]/.test(text) ? JSON.stringify(text) : text
}

/** The ids as they go on a line: known keys only (`LogIds`), redacted, undefined and null left out. */
function fieldsOf(ids: LogIds): [LogIdKey, string | number][] {
  const fields: [LogIdKey, string | number][] = []
  for (const [key, value] of Object.entries(ids) as [LogIdKey, LogIds[LogIdKey]][]) {
    if (value === undefined || value === null) continue
    fields.push([key, typeof value === "number" ? value : redactSecrets(String(value))])
  }
  return fields
}

/**
 * Writes one line of the plugin: the message and the ids it concerns, in the logger's format (`withLogOptions`).
 * - text: the message followed by ` key=value` pairs, e.g.
 *   `trade-credit: could not invoice fulfillment ful_1 order_id=order_1 code=TRADE_CREDIT_REFUSED`.
 * - json: `{"source":"trade-credit","level":"warn","message":"could not invoice fulfillment ful_1","order_id":…}`,
 *   handed to Medusa's logger as its message string; the message loses its leading `trade-credit:` (the source
 *   says it).
 * The message and every value are redacted (`redactSecrets`). `error` goes to an error line as Medusa's second
 * argument (its stack), as it did before.
 */
export function logLine<L extends LogLevel>(
  logger: LineLogger<L>,
  level: L,
  message: string,
  ids: LogIds = {},
  error?: Error,
): void {
  const text = redactSecrets(message)
  const fields = fieldsOf(ids)
  const line =
    logFormatOf(logger) === "json"
      ? JSON.stringify({
          source: SOURCE,
          level,
          message: text.replace(/^trade-credit:?\s+/, ""),
          ...Object.fromEntries(fields),
        })
      : text + fields.map(([key, value]) => ` ${key}=${textValue(value)}`).join("")
  if (error !== undefined) logger[level](line, error)
  else logger[level](line)
}
