import { readdirSync } from "node:fs"
import { join } from "node:path"
import { mikroOrmCreateConnection } from "@medusajs/framework/utils"
import { Client } from "pg"
import { ENROLLMENT_SOURCES, ENROLLMENT_STATUSES } from "../../src/modules/trade-credit/models/enrollment"
import { ERASURE_REQUEST_SOURCES, ERASURE_REQUEST_STATUSES } from "../../src/modules/trade-credit/models/erasure-request"
import { REPAYMENT_PLAN_FUNDING_STATUSES, REPAYMENT_PLAN_SESSION_STATES } from "../../src/modules/trade-credit/models/repayment-plan-session"
import { SHIPMENT_INVOICE_STATUSES } from "../../src/modules/trade-credit/models/shipment-invoice"

jest.setTimeout(120_000)

/**
 * The module's migrations on a fresh, empty database (issue #20, "Module data"):
 * every migration up through MikroORM's Migrator, the way `medusa db:migrate`
 * runs them (Medusa's mikroOrmCreateConnection, no snapshot), the tables and
 * the status check constraints in place, then every migration's `down()` in
 * reverse order, and none of the module's tables left. No Medusa application
 * is booted: only this module's migrations run.
 */
const MIGRATIONS_PATH = join(__dirname, "..", "..", "src", "modules", "trade-credit", "migrations")
const MIGRATION_NAMES = readdirSync(MIGRATIONS_PATH)
  .filter((f) => /^Migration\d{14}\.ts$/.test(f))
  .map((f) => f.replace(/\.ts$/, ""))
  .sort()
/** The last migration before the status columns became enums (Migration20261125004228). */
const BEFORE_ENUMS = "Migration20261122040000"

const TABLES = [
  "trade_credit_buyer_repayment_account",
  "trade_credit_company_credit",
  "trade_credit_enrollment",
  "trade_credit_erasure_request",
  "trade_credit_kept_check",
  "trade_credit_matches_token",
  "trade_credit_order_reference",
  "trade_credit_rate_limit_bucket",
  "trade_credit_receivable",
  "trade_credit_receivable_entry",
  "trade_credit_received_event_type",
  "trade_credit_reconciliation_run",
  "trade_credit_region_setting",
  "trade_credit_repayment_plan_session",
  "trade_credit_setting_change",
  "trade_credit_shipment_invoice",
  "trade_credit_trade_account",
  "trade_credit_trade_account_user",
  "trade_credit_webhook_event",
]

const server = {
  host: process.env.DB_HOST ?? "localhost",
  port: Number(process.env.DB_PORT ?? 5432),
  user: process.env.DB_USERNAME ?? "postgres",
  password: process.env.DB_PASSWORD ?? "",
}
const DATABASE = `trade_credit_module_migrations_${process.pid}`
const clientUrl = `postgres://${encodeURIComponent(server.user)}:${encodeURIComponent(server.password)}@${server.host}:${server.port}/${DATABASE}`

let db: Client

/** MikroORM's Migrator on the test database, as Medusa's migration scripts build it; closed after `use`. */
async function withMigrator<T>(use: (migrator: ReturnType<Awaited<ReturnType<typeof mikroOrmCreateConnection>>["getMigrator"]>) => Promise<T>): Promise<T> {
  const orm = await mikroOrmCreateConnection({ clientUrl, snapshot: false } as any, [], MIGRATIONS_PATH)
  try {
    return await use(orm.getMigrator())
  } finally {
    await orm.close(true)
  }
}

async function moduleTables(): Promise<string[]> {
  const { rows } = await db.query(
    `select table_name from information_schema.tables where table_schema = 'public' and table_name like 'trade_credit_%' order by table_name`
  )
  return rows.map((r) => r.table_name)
}

let seq = 0
const id = (prefix: string) => `${prefix}_${++seq}`

/** A valid row of each table with an enum column; `column: value` replaces one value. */
const rows: Record<string, () => Record<string, unknown>> = {
  trade_credit_enrollment: () => ({ id: id("tcenr"), customer_id: id("cus"), status: "DRAFT", source: "proposal", country_code: "GB" }),
  trade_credit_repayment_plan_session: () => ({
    id: id("tcpls"),
    plan_id: id("plan"),
    session_id: id("payses"),
    account_id: id("acct"),
    amount: "100.00",
    currency: "gbp",
  }),
  trade_credit_shipment_invoice: () => ({ id: id("tcshp"), fulfillment_id: id("ful"), order_id: id("order"), payment_id: id("pay"), service_order_id: id("ord") }),
  trade_credit_erasure_request: () => ({ id: id("tcera"), reference: id("DSR"), email_hash: "0".repeat(64), case: "NO_RECORDS" }),
  trade_credit_reconciliation_run: () => ({ id: id("tcrec") }),
}

async function insert(table: string, values: Record<string, unknown>): Promise<void> {
  const columns = Object.keys(values)
  await db.query(
    `insert into "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) values (${columns.map((_, i) => `$${i + 1}`).join(", ")})`,
    Object.values(values)
  )
}

/** Every status column with a check constraint, and the values the code writes to it. */
const ENUM_COLUMNS: [table: string, column: string, values: readonly string[]][] = [
  ["trade_credit_enrollment", "status", ENROLLMENT_STATUSES],
  ["trade_credit_enrollment", "source", ENROLLMENT_SOURCES],
  ["trade_credit_repayment_plan_session", "state", REPAYMENT_PLAN_SESSION_STATES],
  ["trade_credit_repayment_plan_session", "funding_status", REPAYMENT_PLAN_FUNDING_STATUSES],
  ["trade_credit_shipment_invoice", "status", SHIPMENT_INVOICE_STATUSES],
  ["trade_credit_erasure_request", "status", ERASURE_REQUEST_STATUSES],
  ["trade_credit_erasure_request", "source", ERASURE_REQUEST_SOURCES],
  ["trade_credit_erasure_request", "case", ["NO_RECORDS", "RETAINED", "ERASABLE"]],
  ["trade_credit_reconciliation_run", "trigger", ["schedule", "admin"]],
]

beforeAll(async () => {
  const admin = new Client({ ...server, database: "postgres" })
  await admin.connect()
  try {
    await admin.query(`drop database if exists "${DATABASE}"`)
    await admin.query(`create database "${DATABASE}"`)
  } finally {
    await admin.end()
  }
  db = new Client({ ...server, database: DATABASE })
  await db.connect()
})

afterAll(async () => {
  await db?.end()
  const admin = new Client({ ...server, database: "postgres" })
  await admin.connect()
  try {
    await admin.query(`drop database if exists "${DATABASE}" with (force)`)
  } finally {
    await admin.end()
  }
})

describe("trade-credit module migrations on a fresh database", () => {
  it("migrates up (rows written before the enum migration stay valid), refuses bad statuses, and migrates down in reverse order", async () => {
    expect(MIGRATION_NAMES.length).toBeGreaterThanOrEqual(6)
    expect(MIGRATION_NAMES).toContain(BEFORE_ENUMS)
    expect(await moduleTables()).toEqual([])

    // Up to the last migration before the enums, then rows with every value the code writes.
    const first = await withMigrator((m) => m.up({ to: BEFORE_ENUMS }))
    expect(first.map((m) => m.name)).toEqual(MIGRATION_NAMES.slice(0, MIGRATION_NAMES.indexOf(BEFORE_ENUMS) + 1))
    for (const [i, status] of ENROLLMENT_STATUSES.entries()) {
      await insert("trade_credit_enrollment", { ...rows.trade_credit_enrollment(), status, source: ENROLLMENT_SOURCES[i % ENROLLMENT_SOURCES.length] })
    }
    for (const funding_status of REPAYMENT_PLAN_FUNDING_STATUSES) {
      await insert("trade_credit_repayment_plan_session", { ...rows.trade_credit_repayment_plan_session(), funding_status })
    }
    // A plan row cancelled by 0.1, in its spelling.
    await insert("trade_credit_repayment_plan_session", { ...rows.trade_credit_repayment_plan_session(), id: "tcpls_old_cancel", state: "cancelled" })

    // The rest: the existing rows pass the new check constraints.
    const rest = await withMigrator((m) => m.up())
    expect(rest.map((m) => m.name)).toEqual(MIGRATION_NAMES.slice(MIGRATION_NAMES.indexOf(BEFORE_ENUMS) + 1))
    expect(await withMigrator((m) => m.getPendingMigrations())).toEqual([])
    expect(await moduleTables()).toEqual(TABLES)
    expect((await db.query(`select count(*)::int as n from trade_credit_enrollment`)).rows[0].n).toBe(ENROLLMENT_STATUSES.length)
    // The row cancelled by 0.1 now says canceled (Medusa's spelling, Migration20261127140000), and 'cancelled' is refused.
    expect((await db.query(`select state from trade_credit_repayment_plan_session where id = 'tcpls_old_cancel'`)).rows[0].state).toBe("canceled")
    const oldSpelling = await insert("trade_credit_repayment_plan_session", { ...rows.trade_credit_repayment_plan_session(), state: "cancelled" }).then(
      () => null,
      (e: { code?: string }) => e.code
    )
    expect(oldSpelling).toBe("23514")

    // Every status column accepts the values the code writes and refuses anything else.
    for (const [table, column, values] of ENUM_COLUMNS) {
      for (const value of values) await insert(table, { ...rows[table](), [column]: value })
      const refused = await insert(table, { ...rows[table](), [column]: "NOT_A_STATUS" }).then(
        () => null,
        (e: { code?: string; constraint?: string }) => e
      )
      expect({ table, column, code: refused?.code, constraint: refused?.constraint }).toEqual({
        table,
        column,
        code: "23514", // check_violation
        constraint: `${table}_${column}_check`,
      })
    }
    // Defaults kept.
    const [session] = (
      await db.query(
        `insert into trade_credit_repayment_plan_session (id, plan_id, session_id, account_id, amount, currency) values ('tcpls_d', 'plan_d', 'ps_d', 'acct_d', '1.00', 'gbp') returning state, funding_status`
      )
    ).rows
    expect(session).toEqual({ state: "pending", funding_status: "PENDING" })
    // One session per merchant_order_id (an order event's session is one indexed read, session-of-order.ts).
    const reference = { merchant_order_id: "7KQ2M9X4-3F8A", session_id: "payses_r", cart_id: "cart_r" }
    await insert("trade_credit_order_reference", { id: "tcord_1", ...reference })
    const duplicate = await insert("trade_credit_order_reference", { id: "tcord_2", ...reference }).then(
      () => null,
      (e: { code?: string }) => e.code
    )
    expect(duplicate).toBe("23505") // unique_violation

    // Down: each migration's down(), newest first, until none is applied.
    const reverted = await withMigrator((m) => m.down({ to: 0 }))
    expect(reverted.map((m) => m.name)).toEqual([...MIGRATION_NAMES].reverse())
    expect(await withMigrator((m) => m.getExecutedMigrations())).toEqual([])
    expect(await moduleTables()).toEqual([])

    // And up again from nothing: down left nothing behind that blocks a fresh run.
    const again = await withMigrator((m) => m.up())
    expect(again.map((m) => m.name)).toEqual(MIGRATION_NAMES)
    expect(await moduleTables()).toEqual(TABLES)
  })
})
