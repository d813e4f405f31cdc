import { TEST_KEY } from "../../client/__tests__/fixtures"
import { describeKey } from "../../utils/key-display"
import { readOrderSummary } from "../order-summary"
import { adminFakes } from "./admin-fakes"
import { ACCOUNT_ID, PLAN_ID, planStatus, serviceError, serviceOrder, serviceUnavailable } from "./fakes"

/** The order widget's summary: the live trade credit payment, the service's order or plan read back, the company. */

const INVOICE = "pp_trade-credit_default"
const PLAN = "pp_trade-credit-plan_default"

const payment = (fields: Record<string, unknown>) => ({
  id: "pay_1",
  provider_id: INVOICE,
  amount: 250.5,
  currency_code: "gbp",
  captured_at: null,
  canceled_at: null,
  created_at: "2026-11-21T10:00:00Z",
  data: { order_id: "ord_123", state: "UNVERIFIED", status: "APPROVED", payment_url: "https://verify.example/1" },
  ...fields,
})

const orderWith = (...payments: Record<string, unknown>[]) => ({
  order: [{ id: "order_1", display_id: 7, status: "pending", payment_collections: [{ id: "paycol_1", payments }] }],
})

describe("readOrderSummary", () => {
  it("refuses an unknown order, and one not paid by trade credit, with their codes", async () => {
    const unknown = adminFakes()
    expect(await readOrderSummary(unknown.deps, "order_none")).toEqual({
      outcome: "refused",
      code: "TRADE_CREDIT_ORDER_NOT_FOUND",
      message: "Order order_none was not found",
    })
    const other = adminFakes({ query: orderWith(payment({ provider_id: "pp_system_default" })) })
    expect(await readOrderSummary(other.deps, "order_1")).toEqual({
      outcome: "refused",
      code: "TRADE_CREDIT_NOT_TRADE_CREDIT_ORDER",
      message: "Order order_1 was not paid by trade credit",
    })
  })

  it("reads an invoice order back from the service, with its buyer's company from the registry", async () => {
    const { deps, client } = adminFakes({
      query: orderWith(payment({ id: "pay_old", canceled_at: "2026-11-21T11:00:00Z" }), payment({ id: "pay_live" })),
    })
    client.orders.get.mockResolvedValue(
      serviceOrder({
        state: "FULFILLED",
        fulfilments: [
          { id: "ful_1", gross_amount: "250.50", invoice_number: "INV-1", invoice_url: "", line_items: [] },
        ],
      }),
    )
    client.companies.get.mockResolvedValue({
      name: "Acme Ltd",
      organization_number: "01234567",
      country: "GB",
    } as never)

    const outcome = await readOrderSummary(deps, "order_1")

    expect(client.orders.get).toHaveBeenCalledWith("ord_123")
    expect(outcome).toMatchObject({
      outcome: "summary",
      summary: {
        order: { id: "order_1", display_id: 7, status: "pending" },
        payment: { id: "pay_live", kind: "invoice", amount: "250.50", canceled: false, captured: false },
        invoice: {
          service_order_id: "ord_123",
          state: "FULFILLED",
          verification_url: null,
          fulfilments: [{ id: "ful_1", invoice_number: "INV-1", gross_amount: "250.50" }],
        },
        company: { name: "Acme Ltd", organization_number: "01234567", country: "GB", canonical_id: "GB01234567" },
        plan: null,
        source: "service",
        service_error: null,
      },
    })
  })

  it("answers what the payment recorded when the service cannot be read, and why, never with the key", async () => {
    const { deps, client } = adminFakes({
      query: orderWith(payment({ data: { ...payment({}).data, order_edit_error: `refused ${TEST_KEY}` } })),
    })
    client.orders.get.mockRejectedValue(serviceUnavailable())

    const outcome = await readOrderSummary(deps, "order_1")

    expect(outcome).toMatchObject({
      outcome: "summary",
      summary: {
        source: "stored",
        service_error: { code: "TRADE_CREDIT_UNAVAILABLE" },
        invoice: { service_order_id: "ord_123", state: "UNVERIFIED", verification_url: "https://verify.example/1" },
        order_edit_error: `refused ${describeKey(TEST_KEY)}`,
      },
    })
    const summary = outcome.outcome === "summary" ? outcome.summary : undefined
    expect(summary?.service_error?.message).toMatch(/SERVER_ERROR, trace trace-fake-1/)
  })

  it("reads a plan's live status, its instalments' states and the company of its repayment account", async () => {
    const instalments = [1, 2, 3].map((month) => ({
      id: `inst_${month}`,
      invoice_issue_date: `2027-0${month}-01`,
      repayment_amount: "400.00",
      status: "PLANNED",
    }))
    const { deps, client, module } = adminFakes({
      query: orderWith(
        payment({
          provider_id: PLAN,
          data: { plan_id: PLAN_ID, account_id: ACCOUNT_ID, number_of_periods: 3, instalments },
        }),
      ),
      rows: {
        listBuyerRepaymentAccounts: [
          {
            account_id: ACCOUNT_ID,
            body: { buyer_company: { trade_name: "ACME", national_identifier: "01234567", country_code: "GB" } },
          },
        ],
      },
    })
    client.repayment.getStatus.mockResolvedValue(planStatus({ invoiced_amount: "400.00", funding_status: "ACCEPTED" }))

    const outcome = await readOrderSummary(deps, "order_1")

    expect(module.listBuyerRepaymentAccounts).toHaveBeenCalledWith({ account_id: ACCOUNT_ID }, { take: 1 })
    expect(outcome).toMatchObject({
      outcome: "summary",
      summary: {
        payment: { kind: "plan" },
        invoice: null,
        plan: {
          plan_id: PLAN_ID,
          funding_status: "ACCEPTED",
          invoiced_amount: "400.00",
          instalments: [{ state: "INVOICED" }, { state: "PLANNED" }, { state: "PLANNED" }],
        },
        company: { name: "ACME", organization_number: "01234567", country: "GB", canonical_id: null },
        source: "service",
      },
    })
  })

  it("says why a plan could not be read, in the admin's words", async () => {
    const { deps, client } = adminFakes({
      query: orderWith(payment({ provider_id: PLAN, data: { plan_id: PLAN_ID } })),
    })
    client.repayment.getStatus.mockRejectedValue(serviceError({ code: "CONTRACT_VIOLATION", status: 200 }))

    const outcome = await readOrderSummary(deps, "order_1")

    expect(outcome).toMatchObject({
      outcome: "summary",
      summary: { source: "stored", service_error: { code: "TRADE_CREDIT_BAD_RESPONSE" } },
    })
  })
})
