import type { IPaymentModuleService } from "@medusajs/framework/types"
import { TEST_KEY } from "../../client/__tests__/fixtures"
import { parseOptions, type TradeCreditOptionsInput } from "../../config/options"
import type { TradeCreditModuleService } from "../../modules/trade-credit"
import { adminServiceCall, adminServiceFail, adminServiceFailureOf } from "../../api/utils/service-failure"
import { fakeClient, fakeQuery, recordingLogger, STOREFRONT } from "./fakes"

/*
 * Small fakes of what the admin routes' use cases are given (api/admin/trade-credit/admin-deps.ts): the plugin's
 * module with its options, the fake client (fakes.ts) and the tables they read as jest functions answering given rows,
 * Query over given rows, Medusa's payment providers, and the admin edge's real error adapter
 * (api/utils/service-failure.ts), so that what a merchant reads of a failure is tested too.
 */

type Row = Record<string, unknown>

/** The module's list methods the admin use cases call; each answers the rows a test gives (all of them, whatever the
 * filters), recorded. */
const LISTS = [
  "listWebhookEvents",
  "listReconciliationRuns",
  "listErasureRequests",
  "listSettingChanges",
  "listBuyerRepaymentAccounts",
] as const

export type AdminFakesInput = {
  /** Query's rows per entity (filtered by their top-level fields). */
  query?: Partial<Record<string, Row[]>>
  /** The module's rows per list method. */
  rows?: Partial<Record<(typeof LISTS)[number], Row[]>>
  /** The plugin's options besides the key and the storefront's origin. */
  options?: Partial<TradeCreditOptionsInput>
  /** The payment providers Medusa registered. */
  providers?: string[]
}

export function adminFakes(input: AdminFakesInput = {}) {
  const client = fakeClient()
  const logger = recordingLogger()
  const query = fakeQuery(input.query)
  const options = parseOptions({
    apiKey: TEST_KEY,
    baseUrl: "https://api.trade-credit.example",
    storefrontUrls: STOREFRONT,
    ...input.options,
  })
  const lists = Object.fromEntries(
    LISTS.map((name) => [
      name,
      jest.fn(async (_filters?: Row, config?: { take?: number }) => {
        const rows = input.rows?.[name] ?? []
        return rows.slice(0, config?.take ?? rows.length)
      }),
    ]),
  ) as Record<(typeof LISTS)[number], jest.Mock>
  const module = {
    ...lists,
    getOptions: jest.fn(() => options),
    getClient: jest.fn(() => client),
    regionSettingsOf: jest.fn(),
    createWebhookEvents: jest.fn(async (values: Row) => ({ id: "tcwe_1", ...values })),
  }
  const payments = {
    listPaymentProviders: jest.fn(async () => (input.providers ?? []).map((id) => ({ id }))),
  }
  const deps = {
    module: module as unknown as TradeCreditModuleService,
    query,
    payments: payments as unknown as IPaymentModuleService,
    logger,
    call: adminServiceCall,
    fail: adminServiceFail,
    explainFailure: adminServiceFailureOf,
  }
  return { deps, client, logger, query, module, options, payments }
}

export type AdminFakes = ReturnType<typeof adminFakes>
