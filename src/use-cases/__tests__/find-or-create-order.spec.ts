import { MedusaError } from "@medusajs/framework/utils"
import { CreateOrderRequest } from "../../service/schemas/order"
import type { TradeCreditPaymentData } from "../../core/order/payment-data"
import { ORDER_CART_FIELDS } from "../../medusa/cart-links"
import { acceptedOrder, findOrCreateOrder } from "../find-or-create-order"
import { IntentReuse } from "../intent-reuse"
import {
  fakeKeptChecks,
  CART_GROSS,
  checkoutCart,
  fakes,
  rejection,
  serviceError,
  serviceOrder,
  serviceUnavailable,
  STOREFRONT,
} from "./fakes"

const SESSION = "payses_01ORDER"

/** The session data after an approved credit check (invoice-credit-check.ts wrote it). */
const checked = (extra: Partial<TradeCreditPaymentData> = {}): TradeCreditPaymentData => ({
  session_id: SESSION,
  company: { organization_number: "01234567", country_prefix: "GB", company_name: "Acme Ltd" },
  purchase_order_number: "PO-7",
  tracking_id: "trk_01",
  invoice_terms_days: 30,
  gross_amount: CART_GROSS,
  currency: "GBP",
  ...extra,
})

describe("findOrCreateOrder", () => {
  it("creates the session's order from the cart read now: body, merchant ids, key from Medusa's ids", async () => {
    const { deps, client, readCart, plugin } = fakes({ cart: checkoutCart() })
    const created = serviceOrder({ id: "ord_new", merchant_order_id: "01FAKE-RDER" })
    client.orders.create.mockResolvedValue(created)

    const order = await findOrCreateOrder(deps, new IntentReuse(fakeKeptChecks()), SESSION, checked())

    expect(order).toBe(created)
    expect(readCart).toHaveBeenCalledWith(SESSION, ORDER_CART_FIELDS)
    expect(client.orders.create).toHaveBeenCalledTimes(1)
    const [body, { idempotencyKey }] = client.orders.create.mock.calls[0]
    expect(idempotencyKey).toBe(`order-${SESSION}`)
    // What the real client would send: the wire schema holds, the amounts are the cart's.
    expect(CreateOrderRequest.safeParse(body).success).toBe(true)
    expect(body).toMatchObject({
      gross_amount: CART_GROSS,
      currency: "GBP",
      // What the buyer reads on the service's page and invoice: the cart's reference, and the session's tag.
      merchant_order_id: "01FAKE-RDER",
      merchant_reference: "01FAKE",
      tracking_id: "trk_01",
      buyer_purchase_order_number: "PO-7",
      terms: { type: "NET_TERMS", duration_days: 30 },
      buyer: {
        company: { organization_number: "01234567", country_prefix: "GB", company_name: "Acme Ltd" },
        representative: { email: "ada@acme.example", first_name: "Ada", last_name: "Lovelace" },
      },
    })
    expect(body.merchant_urls.merchant_confirmation_url).toBe(
      `${STOREFRONT}/checkout/trade-credit/return?cart_id=cart_01FAKE&trade_credit=verified`,
    )
    // Which session the merchant order id belongs to, recorded before the create (the order's events read it).
    expect(plugin.orderReferences.rows).toEqual([
      { id: expect.any(String), merchant_order_id: "01FAKE-RDER", session_id: SESSION, cart_id: "cart_01FAKE" },
    ])
    expect(plugin.orderReferences.create.mock.invocationCallOrder[0]).toBeLessThan(
      client.orders.create.mock.invocationCallOrder[0],
    )
  })

  it("keeps the reference of a create that failed, and a retry of the session finds it and writes none", async () => {
    const { deps, client, plugin } = fakes({ cart: checkoutCart() })
    client.orders.create.mockRejectedValueOnce(serviceUnavailable()).mockResolvedValueOnce(serviceOrder())

    await rejection(findOrCreateOrder(deps, new IntentReuse(fakeKeptChecks()), SESSION, checked()))
    expect(plugin.orderReferences.rows).toHaveLength(1)
    await findOrCreateOrder(deps, new IntentReuse(fakeKeptChecks()), SESSION, checked())

    expect(client.orders.create).toHaveBeenCalledTimes(2)
    expect(plugin.orderReferences.create).toHaveBeenCalledTimes(1)
    expect(plugin.orderReferences.rows).toHaveLength(1)
  })

  it("takes the reference another instance recorded first (its create refused by the unique index)", async () => {
    const { deps, client, plugin } = fakes({ cart: checkoutCart() })
    client.orders.create.mockResolvedValue(serviceOrder())
    const raced = { id: "tcord_raced", merchant_order_id: "01FAKE-RDER", session_id: SESSION, cart_id: "cart_01FAKE" }
    plugin.orderReferences.create.mockImplementationOnce(async () => {
      plugin.orderReferences.rows.push(raced)
      throw new Error("duplicate key value violates unique constraint")
    })

    await findOrCreateOrder(deps, new IntentReuse(fakeKeptChecks()), SESSION, checked())

    expect(plugin.orderReferences.rows).toEqual([raced])
    expect(client.orders.create).toHaveBeenCalledTimes(1)
  })

  it("refuses a merchant order id another session holds, and creates no order (its events go there)", async () => {
    const other = {
      id: "tcord_1",
      merchant_order_id: "01FAKE-RDER",
      session_id: "payses_09RDER",
      cart_id: "cart_01FAKE",
    }
    const { deps, client } = fakes({ cart: checkoutCart(), orderReferences: [other] })

    const error = await rejection(findOrCreateOrder(deps, new IntentReuse(fakeKeptChecks()), SESSION, checked()))

    expect(error.code).toBe("TRADE_CREDIT_ORDER_REFERENCE_TAKEN")
    expect(client.orders.create).not.toHaveBeenCalled()
  })

  it("spends the intent the order used: a later session of the same cart is credit-checked again", async () => {
    const { deps, client } = fakes({ cart: checkoutCart() })
    client.orders.create.mockResolvedValue(serviceOrder())
    const intents = new IntentReuse(fakeKeptChecks())
    const key = IntentReuse.keyOf("cart_01FAKE", { any: "body" })
    await intents.remember(key, {
      approved: true,
      decline_reason: null,
      tracking_id: "trk_01",
      gross_amount: CART_GROSS,
      currency: "GBP",
    })

    expect(await intents.get(key)).toBeDefined()
    await findOrCreateOrder(deps, intents, SESSION, checked())

    expect(await intents.get(key)).toBeUndefined()
  })

  it("reads the order the data names already, and makes none", async () => {
    const { deps, client, readCart, plugin } = fakes()
    const known = serviceOrder({ id: "ord_known", state: "VERIFIED" })
    client.orders.getSummary.mockResolvedValue(known)

    const order = await findOrCreateOrder(
      deps,
      new IntentReuse(fakeKeptChecks()),
      SESSION,
      checked({ order_id: "ord_known" }),
    )

    expect(order).toBe(known)
    expect(client.orders.getSummary).toHaveBeenCalledWith("ord_known")
    expect(readCart).not.toHaveBeenCalled()
    expect(client.orders.create).not.toHaveBeenCalled()
    expect(plugin.orderReferences.create).not.toHaveBeenCalled()
  })

  it.each(["IDEMPOTENCY_CONFLICT", "INVALID_STATE"])(
    "a create refused %s (the cart changed since a lost answer) finds the order by merchant_order_id",
    async (code) => {
      const { deps, client } = fakes({ cart: checkoutCart() })
      client.orders.create.mockRejectedValue(serviceError({ code, status: 409 }))
      const cancelled = serviceOrder({ id: "ord_old", state: "CANCELLED" })
      const live = serviceOrder({ id: "ord_live", state: "UNVERIFIED" })
      client.orders.getByMerchantOrderId.mockResolvedValue([cancelled, live])

      const order = await findOrCreateOrder(deps, new IntentReuse(fakeKeptChecks()), SESSION, checked())

      expect(order).toBe(live)
      expect(client.orders.getByMerchantOrderId).toHaveBeenCalledWith("01FAKE-RDER")
      expect(client.orders.create).toHaveBeenCalledTimes(1)
    },
  )

  it("a conflict with no order found is the create's own refusal, mapped and logged once as `call` would", async () => {
    const { deps, client, logger } = fakes({ cart: checkoutCart() })
    client.orders.create.mockRejectedValue(serviceError({ code: "INVALID_STATE", status: 409 }))
    client.orders.getByMerchantOrderId.mockResolvedValue([])

    const error = await rejection(findOrCreateOrder(deps, new IntentReuse(fakeKeptChecks()), SESSION, checked()))

    expect(error).toBeInstanceOf(MedusaError)
    expect(error.code).toBe("TRADE_CREDIT_REFUSED")
    expect(error.message).toBe("The trade credit service refused to create the order (TRADE_CREDIT_REFUSED).")
    expect(logger.at("warn")).toEqual([
      expect.stringMatching(
        new RegExp(
          "^trade-credit: could not create the order: INVALID_STATE 409 trace trace-fake-1: .* " +
            "payment_session_id=payses_01ORDER code=TRADE_CREDIT_REFUSED trace_id=trace-fake-1$",
        ),
      ),
    ])
  })

  it("the service unavailable is TRADE_CREDIT_UNAVAILABLE, with no look-up", async () => {
    const { deps, client, logger } = fakes({ cart: checkoutCart() })
    client.orders.create.mockRejectedValue(serviceUnavailable())

    const error = await rejection(findOrCreateOrder(deps, new IntentReuse(fakeKeptChecks()), SESSION, checked()))

    expect(error.code).toBe("TRADE_CREDIT_UNAVAILABLE")
    expect(error.message).toBe(
      "The trade credit service could not create the order right now (TRADE_CREDIT_UNAVAILABLE). Please try again.",
    )
    expect(client.orders.getByMerchantOrderId).not.toHaveBeenCalled()
    expect(logger.at("warn")).toHaveLength(1)
  })

  it("a failed look-up is its own failure (look up the order)", async () => {
    const { deps, client } = fakes({ cart: checkoutCart() })
    client.orders.create.mockRejectedValue(serviceError({ code: "IDEMPOTENCY_CONFLICT", status: 409 }))
    client.orders.getByMerchantOrderId.mockRejectedValue(serviceUnavailable())

    const error = await rejection(findOrCreateOrder(deps, new IntentReuse(fakeKeptChecks()), SESSION, checked()))

    expect(error.message).toMatch(/^The trade credit service could not look up the order right now/)
  })
})

describe("acceptedOrder", () => {
  it("answers an approved order", async () => {
    const { deps, client } = fakes({ cart: checkoutCart() })
    const created = serviceOrder({ status: "APPROVED" })
    client.orders.create.mockResolvedValue(created)

    await expect(acceptedOrder(deps, new IntentReuse(fakeKeptChecks()), SESSION, checked())).resolves.toBe(created)
  })

  it("refuses an order the service REJECTED: TRADE_CREDIT_DECLINED in words, the reason logged", async () => {
    const { deps, client, logger } = fakes({ cart: checkoutCart() })
    client.orders.create.mockResolvedValue(
      serviceOrder({ id: "ord_rej", status: "REJECTED", decline_reason: "BUYER_LIMIT_EXCEEDED" }),
    )

    const error = await rejection(acceptedOrder(deps, new IntentReuse(fakeKeptChecks()), SESSION, checked()))

    expect(error.code).toBe("TRADE_CREDIT_DECLINED")
    expect(error.message).not.toContain("BUYER_LIMIT_EXCEEDED")
    expect(logger.at("info")).toEqual([
      "trade-credit: the service declined the buyer (BUYER_LIMIT_EXCEEDED) payment_session_id=payses_01ORDER " +
        "service_order_id=ord_rej code=TRADE_CREDIT_DECLINED",
    ])
  })
})
