import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { SIMULATOR_API_KEY } from "trade-credit-simulator"
import { adminRequester, loginAdmin } from "../helpers/admin"
import { control, findCompanyId, STOREFRONT_URL, useSimulator } from "../helpers/simulator"
import { createCheckoutCart, startTradeCreditSession, storeClient } from "../helpers/storefront"
import { approveAtPaymentUrl } from "../helpers/verification"
import { recordLogs, waitUntil } from "../helpers/wait"
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { seedStore } = require("../../scripts/lib/seed-store.js")

jest.setTimeout(300_000)

// Captures happen only when the admin captures, so each case invoices exactly what it means to.
const simulator = useSimulator({ TRADE_CREDIT_CAPTURE_ON: "manual" })
const PROVIDER = "pp_trade-credit_default"
const COMPANY = { company_canonical_id: "" }
const cents = (value: number | string) => Math.round(Number(value) * 100)

const serviceOrder = async (id: string) => (await control(simulator.url, "GET", `/_sim/orders/${id}`)).order
/** Requests the service received for one order, e.g. its refunds or edits. */
const requestsTo = async (method: string, path: string) =>
  (await control(simulator.url, "GET", `/_sim/requests?method=${method}&path_prefix=${encodeURIComponent(path)}`)).items.filter(
    (r: any) => r.path === path
  )

const waitFor = <T>(what: string, check: () => Promise<T | undefined | null | false>, timeoutMs = 20_000): Promise<T> =>
  waitUntil(what, check, { timeoutMs, intervalMs: 200 })

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let seed: any
    let adminHeaders: Record<string, string>
    let admin: ReturnType<typeof adminRequester>
    /** What the app logs: the order-edit subscriber reports each confirmed edit it followed (or could not). */
    let logs: string[] = []
    /** An admin request whose failure is looked at, not thrown. */
    const adminCall = (method: string, url: string, data?: unknown) =>
      api.request({ method, url, data, headers: adminHeaders, validateStatus: () => true })

    beforeAll(async () => {
      logs = recordLogs(getContainer().resolve("logger"))
      adminHeaders = await loginAdmin(getContainer(), api)
      admin = adminRequester(api, adminHeaders)
      seed = await seedStore(admin)
      COMPANY.company_canonical_id = await findCompanyId(simulator.url, "GB", "acme")
    })

    beforeEach(async () => {
      await control(simulator.url, "DELETE", "/_sim/faults")
      await control(simulator.url, "PATCH", `/_sim/companies/${COMPANY.company_canonical_id}`, { credit_limit: null })
    })

    /** A placed order paid by trade credit (verified, confirmed at the service), with its payment. */
    async function placeOrder(quantities = [3, 2]) {
      const store = storeClient(api, seed.publishableKey)
      const cart = await createCheckoutCart(store, seed, { quantities })
      const started = await startTradeCreditSession(store, cart.id, { company: COMPANY, return_url: `${STOREFRONT_URL}/checkout/return` })
      expect(started.status).toBe(200)
      expect((await store.call("POST", `/store/carts/${cart.id}/complete`)).status).toBe(400)
      const { cart: pending } = await store.ok("GET", `/store/carts/${cart.id}?fields=*payment_collection.payment_sessions`)
      const session = pending.payment_collection.payment_sessions[0]
      await approveAtPaymentUrl(session.data.payment_url)
      const { order } = await store.ok("POST", `/store/carts/${cart.id}/complete`)
      const payment = (await payments(order.id))[0]
      expect(payment.provider_id).toBe(PROVIDER)
      return { order, payment, serviceOrderId: session.data.order_id as string }
    }

    /** The order's payments (with their collection's status, refunds and captures), oldest collection first. */
    async function payments(orderId: string) {
      const { order } = await admin(
        "GET",
        `/admin/orders/${orderId}?fields=id,*payment_collections,*payment_collections.payments,*payment_collections.payments.refunds,*payment_collections.payments.captures`
      )
      return order.payment_collections
        .sort((a: any, b: any) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime())
        .flatMap((c: any) => (c.payments ?? []).map((p: any) => ({ ...p, collection_status: c.status, collection_id: c.id })))
    }

    async function capture(paymentId: string, amount?: number) {
      await admin("POST", `/admin/payments/${paymentId}/capture`, amount === undefined ? {} : { amount })
    }

    describe("refunds", () => {
      it("refunds twice in part, then refuses more than the rest with a clear 4xx and sends nothing", async () => {
        const { payment, serviceOrderId } = await placeOrder()
        await capture(payment.id)
        const refundPath = `/v1/order/${serviceOrderId}/refund`

        // Two partial refunds, each its own credit note; Medusa's refund id is the refund_reference.
        // (Medusa hands the provider each amount as a BigNumber raw value, { value: "40.5", precision: 20 }.)
        await admin("POST", `/admin/payments/${payment.id}/refund`, { amount: 25 })
        await admin("POST", `/admin/payments/${payment.id}/refund`, { amount: 40.5 })
        let atService = await serviceOrder(serviceOrderId)
        expect(atService.refunds.map((r: any) => r.amount)).toEqual(["25.00", "40.50"])
        const { payment: refunded } = await admin("GET", `/admin/payments/${payment.id}?fields=id,amount,data,*refunds`)
        expect(refunded.refunds).toHaveLength(2)
        expect(atService.refunds.map((r: any) => r.refund_reference).sort()).toEqual(refunded.refunds.map((r: any) => r.id).sort())
        expect(refunded.data.refunds.map((r: any) => r.credit_note_number)).toEqual(atService.refunds.map((r: any) => r.credit_note_number))
        expect(refunded.data.refunds.every((r: any) => /^CN-/.test(r.credit_note_number) && r.credit_note_url)).toBe(true)
        // Each refund's tax subtotals add up to its amount (one rate: VAT 20 %).
        const { items: sent } = await control(simulator.url, "GET", `/_sim/requests?method=POST&path_prefix=${encodeURIComponent(refundPath)}`)
        for (const request of sent) {
          const [subtotal] = request.body.tax_subtotals
          expect(cents(subtotal.taxable_amount) + cents(subtotal.tax_amount)).toBe(cents(request.body.amount))
          expect(request.idempotency_key).toMatch(/^refund-ref_/)
        }
        const before = (await requestsTo("POST", refundPath)).length
        expect(before).toBe(2)

        // More than the rest: refused with a 4xx and a message, nothing sent, nothing recorded.
        const rest = (cents(payment.amount) - 2500 - 4050) / 100
        const tooMuch = await adminCall("POST", `/admin/payments/${payment.id}/refund`, { amount: rest + 1 })
        expect(tooMuch.status).toBeGreaterThanOrEqual(400)
        expect(tooMuch.status).toBeLessThan(500)
        expect(tooMuch.data.message).toMatch(/refund/i)
        expect((await requestsTo("POST", refundPath)).length).toBe(before)

        // A refund made in the service's portal as well: Medusa still thinks the rest is refundable,
        // the provider reads the service back and refuses before any call, so the buyer is never paid twice.
        const portal = await fetch(`${simulator.url}${refundPath}`, {
          method: "POST",
          headers: { "x-api-key": SIMULATOR_API_KEY, "content-type": "application/json", "idempotency-key": "portal-refund-1" },
          body: JSON.stringify({ amount: "120.00", currency: "GBP", tax_subtotals: [{ tax_rate: "0.200000", taxable_amount: "100.00", tax_amount: "20.00" }] }),
        })
        expect(portal.status).toBe(201)
        const afterPortal = (await requestsTo("POST", refundPath)).length
        const twice = await adminCall("POST", `/admin/payments/${payment.id}/refund`, { amount: rest })
        expect(twice.status).toBe(400)
        expect(twice.data.code).toBe("TRADE_CREDIT_REFUND_EXCEEDS_REFUNDABLE")
        expect(twice.data.message).toContain(`${((cents(payment.amount) - 2500 - 4050 - 12000) / 100).toFixed(2)} is refundable`)
        expect((await requestsTo("POST", refundPath)).length).toBe(afterPortal)
        const { payment: unchanged } = await admin("GET", `/admin/payments/${payment.id}?fields=id,*refunds`)
        expect(unchanged.refunds).toHaveLength(2)

        // What does remain can still be refunded, in full: the service order is then REFUNDED.
        await admin("POST", `/admin/payments/${payment.id}/refund`, { amount: rest - 120 })
        atService = await serviceOrder(serviceOrderId)
        expect(atService.refunds).toHaveLength(4)
        expect(atService.state).toBe("REFUNDED")
      })

      it("credits a received return line by line, with tax subtotals per rate; a goodwill refund is split by rate", async () => {
        const { order, payment, serviceOrderId } = await placeOrder()
        await capture(payment.id)
        const { order: withItems } = await admin("GET", `/admin/orders/${order.id}?fields=id,*items`)
        const a4 = withItems.items.find((i: any) => i.variant_sku === "PAPER-A4-PALLET")
        const { stock_locations } = await admin("GET", "/admin/stock-locations")
        const locationId = stock_locations[0].id
        await admin("POST", `/admin/orders/${order.id}/fulfillments`, {
          location_id: locationId,
          items: withItems.items.map((i: any) => ({ id: i.id, quantity: i.quantity })),
        })

        // The buyer sends one A4 pallet back; the merchant receives it.
        const { return: ret } = await admin("POST", "/admin/returns", { order_id: order.id, location_id: locationId })
        await admin("POST", `/admin/returns/${ret.id}/request-items`, { items: [{ id: a4.id, quantity: 1 }] })
        await admin("POST", `/admin/returns/${ret.id}/request`, {})
        await admin("POST", `/admin/returns/${ret.id}/receive`, {})
        await admin("POST", `/admin/returns/${ret.id}/receive-items`, { items: [{ id: a4.id, quantity: 1 }] })
        await admin("POST", `/admin/returns/${ret.id}/receive/confirm`, {})

        // The admin refunds what Medusa says is owed (the dashboard rounds it to the currency).
        const { order: summary } = await admin("GET", `/admin/orders/${order.id}?fields=id,summary`)
        const owed = -Number(summary.summary.pending_difference)
        expect(owed).toBeGreaterThan(0)
        const amount = Math.round(owed * 100) / 100
        await admin("POST", `/admin/payments/${payment.id}/refund`, { amount })

        const atService = await serviceOrder(serviceOrderId)
        const [refund] = atService.refunds
        expect(refund.amount).toBe(amount.toFixed(2))
        expect(refund.reason).toBe(`Returned goods (${ret.id})`)
        expect(refund.line_items).toHaveLength(1)
        // The order was placed from a cart: the service's line names the cart's item, found by its name.
        const invoicedLine = atService.line_items.find((l: any) => l.name === "Copier paper, pallet (A4)")
        expect(invoicedLine.quantity).toBe(String(a4.quantity))
        expect(invoicedLine.description).toBe("Copier paper, pallet — A4")
        expect(refund.line_items[0]).toMatchObject({
          name: invoicedLine.name,
          description: invoicedLine.description,
          quantity: "1",
          unit_price: invoicedLine.unit_price,
          tax_rate: "0.200000",
          line_item_reference: invoicedLine.line_item_reference,
          gross_amount: amount.toFixed(2),
        })
        const { items: sent } = await control(simulator.url, "GET", `/_sim/requests?method=POST&path_prefix=${encodeURIComponent(`/v1/order/${serviceOrderId}/refund`)}`)
        expect(sent[0].body.tax_subtotals).toEqual([
          { tax_rate: "0.200000", taxable_amount: refund.line_items[0].net_amount, tax_amount: refund.line_items[0].tax_amount },
        ])
        const { payment: after } = await admin("GET", `/admin/payments/${payment.id}?fields=id,data`)
        expect(after.data.refunds[0]).toMatchObject({ credit_note_number: refund.credit_note_number, credit_note_url: refund.credit_note_url })

        // A goodwill refund after it: the return is refunded already, so no lines, one share per rate.
        await admin("POST", `/admin/payments/${payment.id}/refund`, { amount: 10 })
        const goodwill = (await serviceOrder(serviceOrderId)).refunds[1]
        expect(goodwill.amount).toBe("10.00")
        // No lines credited (the order's refunds[] holds an empty list, or null, for a refund sent without lines).
        expect(goodwill.line_items ?? []).toEqual([])
        const { items: all } = await control(simulator.url, "GET", `/_sim/requests?method=POST&path_prefix=${encodeURIComponent(`/v1/order/${serviceOrderId}/refund`)}`)
        expect(all[1].body.tax_subtotals).toEqual([{ tax_rate: "0.200000", taxable_amount: "8.33", tax_amount: "1.67" }])
        expect(all[1].body).not.toHaveProperty("line_items")
        // The credit note's lines carry a description, as every line sent does.
        expect(all[0].body.line_items.every((line: any) => typeof line.description === "string" && line.description)).toBe(true)
      })

      it("answers a refund the service fails with an admin error, and Medusa records no refund", async () => {
        const { order, payment, serviceOrderId } = await placeOrder()
        await capture(payment.id)
        await control(simulator.url, "POST", "/_sim/faults", {
          method: "POST",
          path: "/v1/order/:id/refund",
          times: 10,
          fault: { type: "status", status: 500 },
        })
        const failed = await adminCall("POST", `/admin/payments/${payment.id}/refund`, { amount: 30 })
        expect(failed.status).toBeGreaterThanOrEqual(400)
        expect(failed.data.code).toBe("TRADE_CREDIT_UNAVAILABLE")
        expect(failed.data.message).toMatch(/could not refund the order|failed to refund the order/)
        const { payment: untouched } = await admin("GET", `/admin/payments/${payment.id}?fields=id,data,*refunds`)
        expect(untouched.refunds).toHaveLength(0)
        expect(untouched.data.refunds ?? []).toHaveLength(0)
        const { order: summary } = await admin("GET", `/admin/orders/${order.id}?fields=id,summary`)
        expect(Number(summary.summary.refunded_total ?? 0)).toBe(0)
        expect((await serviceOrder(serviceOrderId)).refunds).toHaveLength(0)

        // Once the service is back, the same refund goes through once.
        await control(simulator.url, "DELETE", "/_sim/faults")
        await admin("POST", `/admin/payments/${payment.id}/refund`, { amount: 30 })
        expect((await serviceOrder(serviceOrderId)).refunds.map((r: any) => r.amount)).toEqual(["30.00"])
      })
    })

    describe("order edits", () => {
      /** An edit: the A4 line to `a4Quantity`, and optionally one more A3 pallet; requested, then confirmed. */
      async function editOrder(
        orderId: string,
        { a4Quantity, addA3 = false, expressShipping = false }: { a4Quantity: number; addA3?: boolean; expressShipping?: boolean }
      ) {
        const { order } = await admin("GET", `/admin/orders/${orderId}?fields=id,*items`)
        const a4 = order.items.find((i: any) => i.variant_sku === "PAPER-A4-PALLET")
        await admin("POST", "/admin/order-edits", { order_id: orderId })
        const a3Variant = seed.variants.find((v: any) => v.sku === "PAPER-A3-PALLET")
        if (addA3) await admin("POST", `/admin/order-edits/${orderId}/items`, { items: [{ variant_id: a3Variant.id, quantity: 1 }] })
        await admin("POST", `/admin/order-edits/${orderId}/items/item/${a4.id}`, { quantity: a4Quantity })
        // A second delivery at a custom price (e.g. the added pallet goes express).
        if (expressShipping) {
          await admin("POST", `/admin/order-edits/${orderId}/shipping-method`, { shipping_option_id: seed.shippingOption.id, custom_amount: 30 })
        }
        const { order_preview } = await admin("POST", `/admin/order-edits/${orderId}/request`, {})
        return { preview: order_preview, confirm: () => adminCall("POST", `/admin/order-edits/${orderId}/confirm`, {}) }
      }

      /**
       * Waits until the edited order is paid by a live trade credit payment again, in Medusa's new collection, and the
       * collection says so (Medusa writes the payment, then the collection's status: a read between the two sees
       * the payment of a collection still "not_paid").
       */
      const livePaymentAfterEdit = (orderId: string, replacedId: string) =>
        waitFor("the edited order's new trade credit payment, its collection authorized", async () => {
          const all = await payments(orderId)
          return all.find((p: any) => p.provider_id === PROVIDER && !p.canceled_at && p.id !== replacedId && p.collection_status !== "not_paid")
        })

      it("sends an edit up to the service, credit checked, and keeps the order paid by the same trade credit order", async () => {
        const { order, payment, serviceOrderId } = await placeOrder()
        const ordersBefore = (await control(simulator.url, "GET", "/_sim/orders")).items.length
        const { preview, confirm } = await editOrder(order.id, { a4Quantity: 5, addA3: true, expressShipping: true })
        const newTotal = Number(preview.total)
        expect(newTotal).toBeGreaterThan(Number(order.total))
        const confirmed = await confirm()
        expect(confirmed.status).toBe(200)

        // The service order was edited (not cancelled, not re-created) to the new total.
        const atService = await serviceOrder(serviceOrderId)
        expect(atService.state).toBe("CONFIRMED")
        expect(atService.gross_amount).toBe(newTotal.toFixed(2))
        expect(atService.line_items.find((l: any) => l.line_item_reference === preview.items.find((i: any) => i.variant_sku === "PAPER-A4-PALLET").id).quantity).toBe("5")
        const shipping = atService.line_items.filter((l: any) => l.type === "SHIPPING_FEE")
        expect(shipping.map((l: any) => [l.gross_amount, l.tax_rate]).sort()).toEqual([["15.00", "0.200000"], ["36.00", "0.200000"]])
        const edits = await requestsTo("PUT", `/v1/order/${serviceOrderId}`)
        expect(edits.map((r: any) => r.status)).toEqual([200])
        expect(edits[0].idempotency_key).toMatch(new RegExp(`^edit-${serviceOrderId}-`))
        expect(await requestsTo("POST", `/v1/order/${serviceOrderId}/cancel`)).toHaveLength(0)
        expect((await control(simulator.url, "GET", "/_sim/orders")).items).toHaveLength(ordersBefore)

        // Medusa re-collects an edited order's total: it cancelled the authorized payment and opened a
        // new collection; the plugin's payment there stands for the same service order at the new total.
        const live = await livePaymentAfterEdit(order.id, payment.id)
        expect(cents(live.amount)).toBe(cents(newTotal))
        expect(live.collection_status).toBe("authorized")
        expect(live.data).toMatchObject({ order_id: serviceOrderId, gross_amount: newTotal.toFixed(2), state: "CONFIRMED", replaces_payment_id: payment.id })
        const replaced = (await payments(order.id)).find((p: any) => p.id === payment.id)
        expect(replaced.canceled_at).toBeTruthy()
        expect(replaced.data.replaced_by_order_edit).toEqual(expect.any(String))
        expect(replaced.data.order_edit).toBeNull()
        const { order: after } = await admin("GET", `/admin/orders/${order.id}?fields=id,total,payment_status`)
        expect(after.payment_status).toBe("authorized")

        // Capturing the new payment invoices the edited order, in full.
        await capture(live.id)
        const invoiced = await serviceOrder(serviceOrderId)
        expect(invoiced.state).toBe("FULFILLED")
        expect(invoiced.fulfilments.map((f: any) => f.gross_amount)).toEqual([newTotal.toFixed(2)])
      })

      it("refuses an edit beyond the buyer's limit before Medusa confirms it, and an edit once invoicing started", async () => {
        const { order, payment, serviceOrderId } = await placeOrder()
        const before = await serviceOrder(serviceOrderId)
        await control(simulator.url, "PATCH", `/_sim/companies/${COMPANY.company_canonical_id}`, { credit_limit: "2000.00" })
        const { preview, confirm } = await editOrder(order.id, { a4Quantity: 5, addA3: true })
        expect(Number(preview.total)).toBeGreaterThan(2000)

        const refused = await confirm()
        expect(refused.status).toBe(400)
        expect(refused.data.code).toBe("TRADE_CREDIT_EDIT_DECLINED")
        expect(refused.data.message).toMatch(/BUYER_LIMIT_EXCEEDED/)
        expect(refused.data.message).toMatch(/Nothing was changed/)

        // Both sides as they were: the service order, Medusa's order, its edit (still requested) and payment.
        const atService = await serviceOrder(serviceOrderId)
        expect(atService).toMatchObject({ state: "CONFIRMED", gross_amount: before.gross_amount, line_items: before.line_items })
        expect((await requestsTo("PUT", `/v1/order/${serviceOrderId}`)).map((r: any) => r.status)).toEqual([409])
        const { order: medusaOrder } = await admin("GET", `/admin/orders/${order.id}?fields=id,total,payment_status`)
        expect(cents(medusaOrder.total)).toBe(cents(order.total))
        expect(medusaOrder.payment_status).toBe("authorized")
        const { order_changes } = await admin("GET", `/admin/orders/${order.id}/changes?change_type=edit`)
        expect(order_changes.map((c: any) => c.status)).toEqual(["requested"])
        const [same] = await payments(order.id)
        expect(same).toMatchObject({ id: payment.id, canceled_at: null, collection_status: "authorized" })
        expect(same.data.order_edit ?? null).toBeNull()

        // Once the service has invoiced part of the order, it can no longer be edited there: a clear error.
        await admin("DELETE", `/admin/order-edits/${order.id}`)
        await control(simulator.url, "PATCH", `/_sim/companies/${COMPANY.company_canonical_id}`, { credit_limit: null })
        await capture(payment.id, 100)
        expect((await serviceOrder(serviceOrderId)).state).toBe("FULFILLING")
        const late = await editOrder(order.id, { a4Quantity: 2 })
        const tooLate = await late.confirm()
        expect(tooLate.status).toBe(400)
        expect(tooLate.data.code).toBe("TRADE_CREDIT_EDIT_AFTER_FULFILMENT")
        expect(tooLate.data.message).toMatch(/already invoiced \(FULFILLING\)/)
        expect((await requestsTo("PUT", `/v1/order/${serviceOrderId}`)).map((r: any) => r.status)).toEqual([409])
        expect(cents((await admin("GET", `/admin/orders/${order.id}?fields=id,total`)).order.total)).toBe(cents(order.total))
      })

      it("puts the service order back when Medusa itself fails to confirm the edit", async () => {
        const { order, payment, serviceOrderId } = await placeOrder()
        const before = await serviceOrder(serviceOrderId)
        // A product with one unit in stock: the edit adds it, then the stock is gone before the confirmation,
        // so Medusa's own confirmation fails (it reserves the inventory) after the service accepted the edit.
        const { shipping_profiles } = await admin("GET", "/admin/shipping-profiles?type=default&limit=1")
        const { product } = await admin("POST", "/admin/products?fields=id,*variants,*variants.inventory_items", {
          title: "Toner, last box",
          status: "published",
          shipping_profile_id: shipping_profiles[0].id,
          options: [{ title: "Colour", values: ["Black"] }],
          variants: [{ title: "Black", sku: "TONER-LAST", manage_inventory: true, options: { Colour: "Black" }, prices: [{ currency_code: "gbp", amount: 80 }] }],
          sales_channels: [{ id: seed.salesChannel.id }],
        })
        const inventoryItemId = product.variants[0].inventory_items[0].inventory_item_id
        const { stock_locations } = await admin("GET", "/admin/stock-locations")
        const locationId = stock_locations[0].id
        await admin("POST", `/admin/inventory-items/${inventoryItemId}/location-levels`, { location_id: locationId, stocked_quantity: 1 })
        await admin("POST", "/admin/order-edits", { order_id: order.id })
        await admin("POST", `/admin/order-edits/${order.id}/items`, { items: [{ variant_id: product.variants[0].id, quantity: 1 }] })
        await admin("POST", `/admin/order-edits/${order.id}/request`, {})
        await admin("POST", `/admin/inventory-items/${inventoryItemId}/location-levels/${locationId}`, { stocked_quantity: 0 })

        const failed = await adminCall("POST", `/admin/order-edits/${order.id}/confirm`, {})
        expect(failed.status).toBeGreaterThanOrEqual(400)
        expect(failed.data.message).toMatch(/stock/i)
        // The service had accepted the edit; it is put back as it was, and the payment's data too.
        const edits = await waitFor("the edit to be put back", async () => {
          const sent = await requestsTo("PUT", `/v1/order/${serviceOrderId}`)
          return sent.length === 2 && sent
        })
        expect(edits.map((r: any) => [r.status, r.body.gross_amount])).toEqual([
          [200, (Number(before.gross_amount) + 96).toFixed(2)],
          [200, before.gross_amount],
        ])
        expect(edits[1].idempotency_key).not.toBe(edits[0].idempotency_key)
        expect(await serviceOrder(serviceOrderId)).toMatchObject({ state: "CONFIRMED", gross_amount: before.gross_amount, line_items: before.line_items })
        const [same] = await waitFor("the payment's data to be restored", async () => {
          const all = await payments(order.id)
          return all[0].data.order_edit === null && all
        })
        expect(same).toMatchObject({ id: payment.id, canceled_at: null, collection_status: "authorized" })
        expect(same.data.gross_amount).toBe(before.gross_amount)
      })

      it("never lets a storefront's session data name a trade credit order", async () => {
        const { payment, serviceOrderId } = await placeOrder()
        const store = storeClient(api, seed.publishableKey)
        // A session that names the placed order's service order: the name is dropped, a new order is made.
        const cart = await createCheckoutCart(store, seed)
        const forged = await startTradeCreditSession(store, cart.id, { company: COMPANY, order_id: serviceOrderId, state: "CONFIRMED" })
        expect(forged.status).toBe(200)
        expect(forged.data.payment_collection.payment_sessions[0].data).toMatchObject({ order_id: null, state: null })
        expect((await store.call("POST", `/store/carts/${cart.id}/complete`)).status).toBe(400)
        const { cart: pending } = await store.ok("GET", `/store/carts/${cart.id}?fields=*payment_collection.payment_sessions`)
        expect(pending.payment_collection.payment_sessions[0].data.order_id).not.toBe(serviceOrderId)
        expect(pending.payment_collection.payment_sessions[0].status).toBe("requires_more")
        // Taking over an order's service order is for an edited order's new payment collection only, never a cart.
        const other = await createCheckoutCart(store, seed)
        const takeover = await startTradeCreditSession(store, other.id, { company: COMPANY, order_id: serviceOrderId, replaces_payment_id: payment.id })
        expect(takeover.status).toBe(400)
        expect(takeover.data.code).toBe("TRADE_CREDIT_INVALID_REATTACHMENT")
      })

      it("sends an edit down, and the order's new payment is for the lower total", async () => {
        const { order, payment, serviceOrderId } = await placeOrder()
        const { preview, confirm } = await editOrder(order.id, { a4Quantity: 1 })
        const newTotal = Number(preview.total)
        expect(newTotal).toBeLessThan(Number(order.total))
        // A double click: one confirmation goes through, the other is refused; the service is edited once.
        const answers = await Promise.all([confirm(), confirm()])
        expect(answers.map((a) => a.status).sort()).toEqual([200, expect.any(Number)])
        expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
        expect(answers.find((a) => a.status !== 200)!.status).toBeGreaterThanOrEqual(400)
        expect((await requestsTo("PUT", `/v1/order/${serviceOrderId}`)).map((r: any) => r.status)).toEqual([200])

        const atService = await serviceOrder(serviceOrderId)
        expect(atService).toMatchObject({ state: "CONFIRMED", gross_amount: newTotal.toFixed(2) })
        const live = await livePaymentAfterEdit(order.id, payment.id)
        expect(cents(live.amount)).toBe(cents(newTotal))
        expect(live.data.gross_amount).toBe(newTotal.toFixed(2))

        // The subscriber has handled the one confirmation (its report), so no later payment can still come.
        await waitUntil("the order-edit subscriber's report", () =>
          logs.some((l) => l.includes(`the edited order ${order.id} is paid`) || l.includes(`order ${order.id} was edited in Medusa`))
        )
        expect((await payments(order.id)).filter((p: any) => p.provider_id === PROVIDER && !p.canceled_at)).toHaveLength(1)

        await capture(live.id)
        expect((await serviceOrder(serviceOrderId)).fulfilments.map((f: any) => f.gross_amount)).toEqual([newTotal.toFixed(2)])
      })
    })
  },
})
