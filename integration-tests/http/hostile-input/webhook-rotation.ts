import { randomUUID } from "node:crypto"
import { SIMULATOR_WEBHOOK_SECRET } from "trade-credit-simulator"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../../src/modules/trade-credit"
import { adminRequester, loginAdmin } from "../../helpers/admin"
import { WEBHOOK_PATH } from "../../helpers/simulator"
import { fingerprintOf, ROTATED_WEBHOOK_SECRET, signedDelivery } from "../../helpers/webhooks"
import { waitUntil } from "../../helpers/wait"
import { areaPart } from "../../helpers/area"

/**
 * A webhook secret rotation (issue #23 item 5): the area runs with two secrets configured
 * (TRADE_CREDIT_WEBHOOK_SECRET="new,old", hostile-input.spec.ts), as a merchant does while the service switches to
 * the new one. A delivery signed with either is accepted and handled once, one signed with neither is refused, and the
 * settings page says which secret verified the last event, by fingerprint: neither secret reaches an answer.
 */
export default areaPart("webhook secret rotation", ({ api, getContainer }) => {
  let admin: ReturnType<typeof adminRequester>

  beforeAll(async () => {
    admin = adminRequester(api, await loginAdmin(getContainer(), api))
  })

  /** A signed `order.cancelled` of an order the service does not know: queued, claimed and read back, acting on nothing. */
  const deliver = async (secret: string) => {
    const id = `msg_rotation_${randomUUID()}`
    const event = {
      id,
      type: "order.cancelled",
      time: new Date().toISOString(),
      data: { order_id: randomUUID(), merchant_order_id: `payses_${randomUUID().replace(/-/g, "")}`, state: "CANCELLED", status: "APPROVED", gross_amount: "10.00", currency: "GBP" },
    }
    const { raw, headers } = signedDelivery(event, { secret })
    const res = await api.post(WEBHOOK_PATH, raw, { headers, validateStatus: () => true, transformRequest: (body: unknown) => body })
    return { id, res }
  }
  const rowOf = (eventId: string) =>
    waitUntil(`the event ${eventId} claimed`, async () => {
      const tradeCredit = getContainer().resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
      return (await tradeCredit.listWebhookEvents({ event_id: eventId }, { take: 1 }))[0]
    })

  it("accepts deliveries signed with either secret, refuses a third, and shows which one verified the last event", async () => {
    const byNew = await deliver(ROTATED_WEBHOOK_SECRET)
    expect(byNew.res.status).toBe(200)
    expect((await rowOf(byNew.id)).verified_with).toBe(fingerprintOf(ROTATED_WEBHOOK_SECRET))

    let { settings } = await admin("GET", "/admin/trade-credit/settings")
    expect(settings.webhook).toMatchObject({
      secret_configured: true,
      secret_fingerprints: [fingerprintOf(ROTATED_WEBHOOK_SECRET), fingerprintOf(SIMULATOR_WEBHOOK_SECRET)],
      last_verified_with: fingerprintOf(ROTATED_WEBHOOK_SECRET),
    })

    // The service still signs some deliveries with the old secret while it switches.
    const byOld = await deliver(SIMULATOR_WEBHOOK_SECRET)
    expect(byOld.res.status).toBe(200)
    expect((await rowOf(byOld.id)).verified_with).toBe(fingerprintOf(SIMULATOR_WEBHOOK_SECRET))
    ;({ settings } = await admin("GET", "/admin/trade-credit/settings"))
    expect(settings.webhook.last_verified_with).toBe(fingerprintOf(SIMULATOR_WEBHOOK_SECRET))

    // A secret that is neither: refused as forged, and nothing recorded.
    const third = await deliver("whsec_" + Buffer.from("a secret nobody configured, anywhere").toString("base64"))
    expect(third.res.status).toBe(401)
    expect(third.res.data.code).toBe("TRADE_CREDIT_WEBHOOK_SIGNATURE")
    const tradeCredit = getContainer().resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
    expect(await tradeCredit.listWebhookEvents({ event_id: third.id })).toHaveLength(0)

    // Neither secret (nor its base64) reaches an answer.
    const answers = JSON.stringify([settings, byNew.res.data, byOld.res.data, third.res.data])
    for (const secret of [ROTATED_WEBHOOK_SECRET, SIMULATOR_WEBHOOK_SECRET]) {
      expect(answers).not.toContain(secret)
      expect(answers).not.toContain(secret.replace(/^whsec_/, ""))
    }
  })
})
