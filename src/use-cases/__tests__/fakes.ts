import type { IOrderModuleService, IPaymentModuleService, Logger } from "@medusajs/framework/types"
import type { TradeCreditClient } from "../../client/index"
import { AutofillClient } from "../../client/autofill"
import { CompanySearchClient } from "../../client/company-search"
import { ErasureClient } from "../../client/erasure"
import { OrdersClient } from "../../client/orders"
import { RegistryClient } from "../../client/registry"
import { RepaymentClient } from "../../client/repayment"
import { TradeAccountClient } from "../../client/trade-account"
import { TradeCreditError, type TradeCreditErrorInit } from "../../client/errors"
import { parseOptions, type TradeCreditOptionsInput } from "../../config/options"
import type { MedusaServices, Query } from "../../medusa/services"
import type {
  BuyerRepaymentAccountRow,
  OrderReferenceRow,
  RepaymentPlanSessionRow,
  TradeCreditModuleService,
} from "../../modules/trade-credit"
import type { Order } from "../../service/schemas/order"
import {
  PlanStatus,
  RepaymentPlan,
  type PlanStatus as PlanStatusAnswer,
  type RepaymentPlan as RepaymentPlanAnswer,
} from "../../service/schemas/repayment"
import { orderAnswer, TEST_KEY } from "../../client/__tests__/fixtures"
import { type CartSpec, medusaCart } from "../../core/order/__tests__/fixtures/medusa-cart"
import type { CompanyCreditFacts } from "../../core/region/company-credit-rule"
import type { CompanyCredits, CompanyId } from "../company-credits"
import type { CartReader, ProviderDeps } from "../deps"
import type { KeptChecks } from "../kept-checks"
import { serviceSteps } from "../errors"

/*
 * Small typed fakes of what the providers' flows are given (ProviderDeps), one module for every flow's spec, as
 * Saleor's `__tests__/mocks`: a client whose methods are jest functions answering what a test gives them, a logger
 * that records its lines, the real `call` and `fail` (src/use-cases/errors.ts) over it, a cart reader answering a
 * given cart, and Medusa's services (Query, the payment and order modules, the plugin's module) answering given rows.
 * No network, no database: what a flow decides is all that is tested.
 */

// ---------------------------------------------------------------------------------------------------------------
// The service client
// ---------------------------------------------------------------------------------------------------------------

/** Every method of a client interface as a jest function; one the test gave no answer fails the call loudly. */
function mockedMethodsOf<T extends object>(type: { prototype: T; name: string }): jest.Mocked<T> {
  const fake: Record<string, jest.Mock> = {}
  for (const method of Object.getOwnPropertyNames(type.prototype)) {
    if (method === "constructor") continue
    fake[method] = jest.fn(async () => {
      throw new Error(`fake client: ${type.name}.${method} was called, and the test gave it no answer`)
    })
  }
  return fake as unknown as jest.Mocked<T>
}

/** The client with every method of every interface a jest function (the providers' flows call orders and repayment). */
export type FakeClient = TradeCreditClient & {
  companies: jest.Mocked<CompanySearchClient>
  orders: jest.Mocked<OrdersClient>
  repayment: jest.Mocked<RepaymentClient>
  registry: jest.Mocked<RegistryClient>
  autofill: jest.Mocked<AutofillClient>
  tradeAccount: jest.Mocked<TradeAccountClient>
  erasure: jest.Mocked<ErasureClient>
}

export function fakeClient(): FakeClient {
  const client = {
    companies: mockedMethodsOf(CompanySearchClient),
    orders: mockedMethodsOf(OrdersClient),
    repayment: mockedMethodsOf(RepaymentClient),
    registry: mockedMethodsOf(RegistryClient),
    autofill: mockedMethodsOf(AutofillClient),
    tradeAccount: mockedMethodsOf(TradeAccountClient),
    erasure: mockedMethodsOf(ErasureClient),
    stats: jest.fn(),
    close: jest.fn(async () => undefined),
  }
  return client as unknown as FakeClient
}

/** A failure of the service as the client throws it (a 4xx refusal unless `init` says otherwise). */
export function serviceError(
  init: Partial<TradeCreditErrorInit> & Pick<TradeCreditErrorInit, "code">,
): TradeCreditError {
  return new TradeCreditError({
    status: 400,
    traceId: "trace-fake-1",
    message: `Trade credit service: POST /fake answered ${init.status ?? 400} ${init.code}: refused`,
    ...init,
  })
}

/** A 2xx answer the client could not read (not JSON, or breaking the response schema). */
export const unreadableAnswer = () =>
  serviceError({
    code: "CONTRACT_VIOLATION",
    status: 200,
    message: "Trade credit service: the answer broke the schema",
  })

/** The service down: retries ran out (the transport's). */
export const serviceUnavailable = () =>
  serviceError({ code: "SERVER_ERROR", status: 503, retryable: true, message: "Trade credit service: 503" })

// ---------------------------------------------------------------------------------------------------------------
// The service's answers, through the client's own schemas where they transform
// ---------------------------------------------------------------------------------------------------------------

/** An order as the service answers it (the client's fixture: two lines, GBP 250.50). */
export const serviceOrder = (overrides: Partial<Order> = {}): Order => orderAnswer(overrides)

/** A plan's status as the client reads it (GET /status), read through the client's schema. */
export function planStatus(fields: Partial<Record<keyof PlanStatusAnswer, unknown>> = {}): PlanStatusAnswer {
  return PlanStatus.parse({
    plan_id: PLAN_ID,
    funding_status: "PENDING",
    fulfilment_status: "NOT_INITIATED",
    total_repayment_amount: "1200.00",
    ...fields,
  })
}

/** The plan's id as the service makes them (a UUID: a 409 names the holder of a reference by it). */
export const PLAN_ID = "0b8e6d2a-41c5-4f0e-9d3b-6c2a1e5f7a90"

/** A plan as POST /plan answers it, read through the client's schema (three instalments of 400.00). */
export function repaymentPlan(fields: Record<string, unknown> = {}): RepaymentPlanAnswer {
  const instalment = (month: number) => ({
    reference: `inst-${month}`,
    invoice_issue_date: `2027-0${month}-01`,
    repayment_amount: "400.00",
    tax_subtotals: [{ tax_rate: "0.200000", taxable_amount: "333.33", tax_amount: "66.67" }],
  })
  return RepaymentPlan.parse({
    id: PLAN_ID,
    reference: "payses_plan_1",
    description: "Order",
    account_id: ACCOUNT_ID,
    total_repayment_amount: "1200.00",
    currency: "GBP",
    tax_subtotals: [{ tax_rate: "0.200000", taxable_amount: "1000.00", tax_amount: "200.00" }],
    consent_date: "2026-11-24T10:00:00Z",
    line_items: [],
    buyer_representative: { first_name: "Ada", last_name: "Lovelace", phone_number: "+442079460958", email: "a@b.c" },
    shipping_address: {
      address_line_1: "1 King Street",
      city: "London",
      postal_code: "EC2V 8AU",
      country_code: "GB",
    },
    terms: { number_of_periods: 3, period: "MONTHLY" },
    instalments: [instalment(1), instalment(2), instalment(3)],
    ...fields,
  })
}

/** The buyer's repayment account at the service. */
export const ACCOUNT_ID = "6f1c2a4e-0000-4000-8000-000000000000"

// ---------------------------------------------------------------------------------------------------------------
// The logger
// ---------------------------------------------------------------------------------------------------------------

export type LoggedLine = { level: string; message: string }

/** Medusa's Logger that keeps what it is told: `lines`, and `at(level)` for the messages at one level. */
export type RecordingLogger = Logger & { lines: LoggedLine[]; at: (level: string) => string[] }

export function recordingLogger(): RecordingLogger {
  const lines: LoggedLine[] = []
  const record = (level: string) => (message: unknown) => {
    lines.push({ level, message: message instanceof Error ? message.message : String(message) })
  }
  return {
    lines,
    at: (level) => lines.filter((line) => line.level === level).map((line) => line.message),
    panic: record("panic"),
    shouldLog: () => true,
    setLogLevel: () => undefined,
    unsetLogLevel: () => undefined,
    activity: (message) => {
      record("activity")(message)
      return "activity"
    },
    progress: (_id, message) => record("progress")(message),
    error: record("error"),
    failure: (_id, message) => record("failure")(message),
    success: (_id, message) => {
      record("success")(message)
      return {}
    },
    silly: record("silly"),
    debug: record("debug"),
    verbose: record("verbose"),
    http: record("http"),
    info: record("info"),
    warn: record("warn"),
    log: (...args) => record("log")(args.join(" ")),
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Medusa's services
// ---------------------------------------------------------------------------------------------------------------

type Row = Record<string, unknown>

/** Whether a row matches a Medusa filter of plain values (a list: any of them). */
const matches = (filters: Row | undefined) => (row: Row) =>
  Object.entries(filters ?? {}).every(([key, wanted]) =>
    Array.isArray(wanted) ? wanted.includes(row[key]) : row[key] === wanted,
  )

/** Query's `graph` over the rows given per entity, filtered by their top-level fields; every call is recorded. */
export type FakeQuery = Query & { graph: jest.Mock }

export function fakeQuery(rows: Partial<Record<string, Row[]>> = {}): FakeQuery {
  const graph = jest.fn(async ({ entity, filters }: { entity: string; filters?: Row }) => ({
    data: (rows[entity] ?? []).filter(matches(filters)),
    metadata: undefined,
  }))
  return { graph } as unknown as FakeQuery
}

/**
 * The payment module's captures and refunds (the rows Medusa made before calling the provider), and its row-only
 * write of payment sessions (`updatePaymentSessions`: what a flow writes, recorded).
 */
export type FakePayments = IPaymentModuleService & {
  listCaptures: jest.Mock
  listRefunds: jest.Mock
  updatePaymentSessions: jest.Mock
}

export function fakePayments(rows: { captures?: Row[]; refunds?: Row[] } = {}): FakePayments {
  return {
    listCaptures: jest.fn(async (filters?: Row) => (rows.captures ?? []).filter(matches(filters))),
    listRefunds: jest.fn(async (filters?: Row) => (rows.refunds ?? []).filter(matches(filters))),
    updatePaymentSessions: jest.fn(async (values: Row) => values),
  } as unknown as FakePayments
}

/** The order module's order changes (an order edit's). */
export type FakeOrderModule = IOrderModuleService & { listOrderChanges: jest.Mock }

export function fakeOrderModule(rows: { orderChanges?: Row[] } = {}): FakeOrderModule {
  return {
    listOrderChanges: jest.fn(async (filters?: Row) => (rows.orderChanges ?? []).filter(matches(filters))),
  } as unknown as FakeOrderModule
}

/** One table of the plugin's module, in memory: list (with `take`), create, update by id, delete by ids. */
function table<T extends { id: string }>(prefix: string, rows: T[]) {
  let next = rows.length
  return {
    rows,
    list: jest.fn(async (filters?: Row, config?: { take?: number }) =>
      rows.filter(matches(filters)).slice(0, config?.take ?? rows.length),
    ),
    create: jest.fn(async (values: Partial<T>) => {
      const row = { ...values, id: `${prefix}_${++next}` } as T
      rows.push(row)
      return row
    }),
    update: jest.fn(async ({ id, ...values }: Partial<T> & { id: string }) => {
      const row = rows.find((r) => r.id === id)
      if (!row) throw new Error(`fake module: no ${prefix} row ${id}`)
      Object.assign(row, values)
      return row
    }),
    delete: jest.fn(async (ids: string[]) => {
      const kept = rows.filter((r) => !ids.includes(r.id))
      rows.splice(0, rows.length, ...kept)
    }),
  }
}

export type PlanSessionRow = Pick<
  RepaymentPlanSessionRow,
  "id" | "plan_id" | "session_id" | "account_id" | "amount" | "currency" | "state" | "funding_status"
>
export type AccountLinkRow = Pick<
  BuyerRepaymentAccountRow,
  "id" | "buyer_key" | "company_key" | "account_id" | "digest" | "body"
>

export type OrderReferenceFakeRow = Pick<OrderReferenceRow, "id" | "merchant_order_id" | "session_id" | "cart_id">

/** What the module says of a company's credit (`companyCreditOf`), by `<COUNTRY>:<organization number>`. */
export type CompanyCreditFakes = Record<string, CompanyCreditFacts>

/**
 * The plugin's module with the tables the providers keep: plan sessions, the buyers' account links and the order
 * references (which session a merchant order id belongs to); the companies' credit as the service's events left it
 * (none unless given), and no kept checks (the flows' own are given to them: fakeKeptChecks).
 */
export function fakePluginModule(
  rows: {
    planSessions?: PlanSessionRow[]
    accountLinks?: AccountLinkRow[]
    orderReferences?: OrderReferenceFakeRow[]
    companyCredits?: CompanyCreditFakes
  } = {},
) {
  // Copies: what a flow writes shows in `rows`, never in the rows the test holds.
  const planSessions = table(
    "tcrps",
    (rows.planSessions ?? []).map((row) => ({ ...row })),
  )
  const accountLinks = table(
    "tcbra",
    (rows.accountLinks ?? []).map((row) => ({ ...row })),
  )
  const orderReferences = table(
    "tcord",
    (rows.orderReferences ?? []).map((row) => ({ ...row })),
  )
  const service = {
    listOrderReferences: orderReferences.list,
    createOrderReferences: orderReferences.create,
    listRepaymentPlanSessions: planSessions.list,
    createRepaymentPlanSessions: planSessions.create,
    updateRepaymentPlanSessions: planSessions.update,
    listBuyerRepaymentAccounts: accountLinks.list,
    createBuyerRepaymentAccounts: accountLinks.create,
    updateBuyerRepaymentAccounts: accountLinks.update,
    deleteBuyerRepaymentAccounts: accountLinks.delete,
    companyCreditOf: jest.fn(
      async (country: string | null, number: string) => rows.companyCredits?.[`${country ?? ""}:${number}`] ?? null,
    ),
    findKeptCheck: jest.fn(async () => undefined),
  }
  return { planSessions, accountLinks, orderReferences, service: service as unknown as TradeCreditModuleService }
}

export type FakePluginModule = ReturnType<typeof fakePluginModule>

/** The company credits port (company-credits.ts) answering `credits` by `<COUNTRY>:<organization number>`. */
export function fakeCompanyCredits(credits: CompanyCreditFakes = {}): CompanyCredits & { of: jest.Mock } {
  return {
    of: jest.fn(async ({ country_code, organization_number }: CompanyId) => {
      return credits[`${country_code ?? ""}:${organization_number}`] ?? null
    }),
  }
}

export type FakeKeptChecks = KeptChecks & {
  rows: Map<string, { answer: unknown; trackingId: string | null; expiresAt: number; spent: boolean }>
  /** Moves the fake's clock (milliseconds since the start). */
  advance(ms: number): void
}

/**
 * The kept checks as the module keeps them (modules/trade-credit/kept-checks.ts): a newer answer replaces a row, the
 * same tracking id kept again leaves its row (spent stays spent), a spent or expired row is not found.
 */
export function fakeKeptChecks(): FakeKeptChecks {
  const rows: FakeKeptChecks["rows"] = new Map()
  let now = 0
  return {
    rows,
    advance: (ms) => {
      now += ms
    },
    async find<T>(key: string) {
      const row = rows.get(key)
      return row && !row.spent && row.expiresAt > now ? (structuredClone(row.answer) as T) : undefined
    },
    async keep(checks, ttlMs) {
      for (const { key, answer, trackingId = null } of checks) {
        const row = rows.get(key)
        if (row && row.trackingId !== null && row.trackingId === trackingId) continue
        rows.set(key, { answer: structuredClone(answer), trackingId, expiresAt: now + ttlMs, spent: false })
      }
    },
    async spend(trackingId) {
      for (const row of rows.values()) if (row.trackingId === trackingId) row.spent = true
    },
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The deps
// ---------------------------------------------------------------------------------------------------------------

export type FakesInput = {
  /** The cart `readCart` answers (the same for any session and fields). */
  cart?: unknown
  /** Query's rows per entity. */
  query?: Partial<Record<string, Row[]>>
  captures?: Row[]
  refunds?: Row[]
  orderChanges?: Row[]
  planSessions?: PlanSessionRow[]
  accountLinks?: AccountLinkRow[]
  orderReferences?: OrderReferenceFakeRow[]
  /** The companies' credit the module answers (`companyCreditOf`), by `<COUNTRY>:<organization number>`. */
  companyCredits?: CompanyCreditFakes
  /** False: the plugin's module is not loaded (missing from `plugins`). */
  pluginModule?: boolean
  /** The plugin's options besides the key and the storefront's origin. */
  options?: Partial<TradeCreditOptionsInput>
}

/** The fakes a flow's spec scripts and reads, and `deps`, what the flow is given (built from them). */
export type Fakes = {
  deps: ProviderDeps
  client: FakeClient
  logger: RecordingLogger
  readCart: jest.Mock
  query: FakeQuery
  payments: FakePayments
  orderModule: FakeOrderModule
  plugin: FakePluginModule
}

export const STOREFRONT = "https://shop.example"

export function fakes(input: FakesInput = {}): Fakes {
  const client = fakeClient()
  const logger = recordingLogger()
  const readCart = jest.fn(async () => {
    if (input.cart === undefined) throw new Error("fake readCart: the test gave no cart")
    // A copy: a flow that changes what it read changes nothing the test holds.
    return structuredClone(input.cart)
  })
  const query = fakeQuery(input.query)
  const payments = fakePayments(input)
  const orderModule = fakeOrderModule(input)
  const plugin = fakePluginModule(input)
  const medusa: MedusaServices = {
    query: () => query,
    payments: () => payments,
    orders: () => orderModule,
    tradeCredit: () => (input.pluginModule === false ? undefined : plugin.service),
  }
  const options = parseOptions({
    apiKey: TEST_KEY,
    baseUrl: "https://api.trade-credit.example",
    storefrontUrls: STOREFRONT,
    ...input.options,
  })
  // The providers' own mapping of failures (TradeCreditBase), over the recording logger.
  const { call, fail } = serviceSteps({ logger })
  const deps: ProviderDeps = {
    client,
    options,
    logger,
    call,
    fail,
    readCart: readCart as unknown as CartReader,
    medusa,
  }
  return { deps, client, logger, readCart, query, payments, orderModule, plugin }
}

/** What a rejected promise rejected with (fails the test when it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<Error & { code?: string; type?: string }> {
  try {
    await promise
  } catch (error) {
    return error as Error & { code?: string; type?: string }
  }
  throw new Error("expected the flow to fail")
}

// ---------------------------------------------------------------------------------------------------------------
// Medusa's carts
// ---------------------------------------------------------------------------------------------------------------

/**
 * A cart as Query reads it for the providers (CART_FIELDS and the links of ORDER_CART_FIELDS), made by core's fixture
 * with Medusa's own totals: 4 × 4.99 at 20 % and 6.50 shipping at 20 %, GBP 31.75, a British buyer. `customer` adds
 * to (or replaces) the fixture's guest-like customer.
 */
export function checkoutCart(spec: Partial<CartSpec> = {}, customer: Row = {}) {
  const cart = medusaCart({
    id: "cart_01FAKE",
    currency_code: "gbp",
    items: [
      {
        id: "cali_01",
        title: "Paper A4",
        variant_title: "500 sheets",
        quantity: 4,
        unit_price: "4.99",
        tax_lines: [{ rate: 20, description: "VAT" }],
        variant_sku: "PAP-A4",
      },
    ],
    shipping_methods: [
      { id: "casm_01", name: "Next day", amount: "6.50", tax_lines: [{ rate: 20, description: "VAT" }] },
    ],
    ...spec,
  })
  return { ...cart, customer: { ...cart.customer, has_account: false, ...customer } }
}

/** The cart's gross total as the service reads it (what `checkoutCart()` comes to). */
export const CART_GROSS = "31.75"
