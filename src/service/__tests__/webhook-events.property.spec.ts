import fc from "fast-check"
import { Webhook } from "standardwebhooks"
import { classifyDelivery, type DeliveryVerdict } from "../../api/hooks/trade-credit/classify-delivery"
import {
  ACTED_ON_EVENT_TYPES,
  IGNORED_EVENT_TYPES,
  LEGACY_ORDER_EVENT_TYPES,
  ORDER_EVENT_TYPES,
  SEED_EVENT_NAMES,
} from "../schemas"
import { AFTER_INVOICE_EVENT_TYPES } from "../schemas/after-invoice-events"
import {
  enumsOf,
  eventSchema,
  type EventSchema,
  fullValueOf,
  type JsonSchema,
  nullsWherever,
  publishedEventTypes,
  publishedWebhooks,
  requiredOnly,
  setAt,
  unknownFields,
  withUnknownFields,
} from "./event-arbitrary"

/**
 * Every event the plugin reads, generated from the service's published webhook schemas (webhooks-api.yaml, through
 * conformance/published.ts), in the flavours a reader must accept (contract section 9): only the required data,
 * every nullable field null, unknown fields added, each enum value, under the seed's name and the published one. Each,
 * signed as the service signs it, is classified `kind: "event"` by the receiver (classifyDelivery) and read as the
 * same internal event the full payload gives: the same type and the same ids (the event's, and the order's, the
 * proposal's or the plan's it names). The published events the plugin does not act on are acknowledged, whatever
 * their data holds; every published name is one or the other.
 */

const SECRET = "whsec_" + Buffer.from("the merchant's webhook secret for the events").toString("base64")
const RUNS = { numRuns: 40 }

let sequence = 0
function signed(payload: unknown) {
  const raw = JSON.stringify(payload)
  const id = `msg_prop_${++sequence}`
  const at = new Date()
  return {
    rawData: Buffer.from(raw),
    headers: {
      "webhook-id": id,
      "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
      "webhook-signature": new Webhook(SECRET).sign(id, at, raw),
    },
  }
}

/**
 * The ids the plugin acts on: the event's, and the resource's it names (an order, a proposal, a plan, an account, a
 * company, a user; an id some event lets be null, such as an invoice's, is left out: its null flavour reads as null).
 */
const ID_KEYS = [
  "order_id",
  "merchant_order_id",
  "proposal_id",
  "plan_id",
  "instalment_account_id",
  "buyer_organization_number",
  "user_id",
] as const
function internal(verdict: DeliveryVerdict) {
  if (verdict.kind !== "event")
    return { kind: verdict.kind, detail: verdict.kind === "refused" ? verdict.reason : verdict.type }
  const data = verdict.event.data as Record<string, unknown>
  return {
    kind: verdict.kind,
    type: verdict.event.type,
    id: verdict.event.id,
    ...Object.fromEntries(ID_KEYS.filter((k) => k in data).map((k) => [k, data[k]])),
  }
}
const classified = (payload: unknown) => internal(classifyDelivery(signed(payload), SECRET))

/** The ids as the payload names them (what the internal event must carry). */
function idsOf(payload: any) {
  return {
    id: payload.id,
    ...Object.fromEntries(ID_KEYS.filter((k) => payload.data && k in payload.data).map((k) => [k, payload.data[k]])),
  }
}

/** The internal type of each published name: the seed's for the enrollment events, the name itself otherwise. */
const internalType = (published: string) => SEED_EVENT_NAMES[published] ?? published
/** The other spelling of an event: the seed's (or the contract's) name of a published one. */
const SEED_NAME_OF: Record<string, string> = Object.fromEntries(
  Object.entries(SEED_EVENT_NAMES).map(([published, seed]) => [published, seed]),
)

/** The funding decision has no published schema (contract section 7, chosen): its contract schema, in the same terms.
 * */
const FUNDING: EventSchema = (() => {
  const schema: JsonSchema = {
    type: "object",
    required: ["id", "type", "time", "data"],
    properties: {
      id: { type: "string" },
      specversion: { type: "string" },
      source: { type: "string" },
      type: { type: "string", const: "repayment.plan.funding_decided" },
      time: { type: "string", format: "date-time" },
      data: {
        type: "object",
        required: ["plan_id", "funding_status"],
        properties: {
          plan_id: { type: "string", format: "uuid" },
          funding_status: { type: "string", enum: ["PENDING", "ACCEPTED", "REJECTED"] },
        },
      },
    },
  }
  return { type: "repayment.plan.funding_decided", schema, context: { root: schema } }
})()

/** Every event the plugin acts on, by its published name (the funding decision by the contract's). */
const ACTED_ON_PUBLISHED = [...ORDER_EVENT_TYPES, ...Object.keys(SEED_EVENT_NAMES), ...AFTER_INVOICE_EVENT_TYPES]

describe("the published documents and the plugin's event lists", () => {
  it(
    "every published event name is acted on or knowingly ignored, and each " +
      "list names only published events (or the seed's, the contract's)",
    () => {
      const published = publishedEventTypes()
      expect(published.length).toBeGreaterThan(20)
      const unsorted = published.filter(
        (t) => !ACTED_ON_EVENT_TYPES.includes(t) && !(IGNORED_EVENT_TYPES as readonly string[]).includes(t),
      )
      expect(unsorted).toEqual([])
      expect(IGNORED_EVENT_TYPES.filter((t) => !published.includes(t))).toEqual([])
      expect(IGNORED_EVENT_TYPES.filter((t) => ACTED_ON_EVENT_TYPES.includes(t))).toEqual([])
      const notPublished = ACTED_ON_EVENT_TYPES.filter((t) => !published.includes(t))
      expect(notPublished.sort()).toEqual(
        [...LEGACY_ORDER_EVENT_TYPES, ...Object.values(SEED_EVENT_NAMES), "repayment.plan.funding_decided"].sort(),
      )
    },
  )
})

describe.each([
  ...ACTED_ON_PUBLISHED.map((type) => [type, eventSchema(type)] as const),
  ["repayment.plan.funding_decided", FUNDING] as const,
])("%s, generated from its schema", (type, { schema, context }) => {
  const { published } = publishedWebhooks()
  const isPublished = type !== FUNDING.type
  /** The generated payloads must be what the published schema allows (the generator's own check). */
  const conforms = (payload: unknown) => {
    if (isPublished) expect(published.eventViolations(type, payload)).toEqual([])
  }
  const full = fullValueOf(schema, context) as fc.Arbitrary<Record<string, any>>

  it("a full payload is an event of its internal type with its ids", () => {
    fc.assert(
      fc.property(full, (payload) => {
        conforms(payload)
        expect(classified(payload)).toEqual({ kind: "event", type: internalType(type), ...idsOf(payload) })
      }),
      RUNS,
    )
  })

  it("with its required data only, every nullable null, or unknown fields added, it reads as the same event", () => {
    fc.assert(
      fc.property(full, unknownFields, (payload, extras) => {
        const expected = classified(payload)
        expect(expected.kind).toBe("event")
        const flavours = {
          "required only": requiredOnly(payload, schema, context),
          "nullable null": nullsWherever(payload, schema, context),
          "required only, nullable null": nullsWherever(requiredOnly(payload, schema, context), schema, context),
          "unknown fields": withUnknownFields(payload, schema, context, extras),
          "required only, unknown fields": withUnknownFields(
            requiredOnly(payload, schema, context),
            schema,
            context,
            extras,
          ),
        }
        for (const [flavour, body] of Object.entries(flavours)) {
          conforms(body)
          expect([flavour, classified(body)]).toEqual([flavour, expected])
        }
      }),
      RUNS,
    )
  })

  it("each enum value reads as the same event", () => {
    const enums = enumsOf(schema, context).filter((e) => e.path.length > 0 && e.path[0] !== "type")
    if (!isPublished) expect(enums.map((e) => e.path.join("."))).toEqual(["data.funding_status"])
    fc.assert(
      fc.property(full, (payload) => {
        const expected = classified(payload)
        for (const { path, values } of enums) {
          for (const value of values) {
            const body = setAt(payload, path, value)
            conforms(body)
            expect([path.join("."), value, classified(body)]).toEqual([path.join("."), value, expected])
          }
        }
      }),
      { numRuns: 10 },
    )
  })

  const otherName = SEED_NAME_OF[type]
  if (otherName) {
    it(`under the seed's name (${otherName}) it reads as the same event, in every flavour`, () => {
      fc.assert(
        fc.property(full, unknownFields, (payload, extras) => {
          const expected = classified(payload)
          for (const body of [
            payload,
            requiredOnly(payload, schema, context),
            nullsWherever(payload, schema, context),
            withUnknownFields(payload, schema, context, extras),
          ]) {
            const seed = { ...(body as object), type: otherName }
            expect(classified(seed)).toEqual(expected)
          }
        }),
        RUNS,
      )
    })
  }

  if ((ORDER_EVENT_TYPES as readonly string[]).includes(type)) {
    const legacy = type.replace(/\.v1$/, "")
    it(`under its name before the correction (${legacy}) it is the same order event, its type kept as received`, () => {
      fc.assert(
        fc.property(full, (payload) => {
          const expected = classified(payload)
          for (const body of [
            payload,
            requiredOnly(payload, schema, context),
            nullsWherever(payload, schema, context),
          ]) {
            expect(classified({ ...(body as object), type: legacy })).toEqual({ ...expected, type: legacy })
          }
        }),
        RUNS,
      )
    })
  }
})

describe.each(IGNORED_EVENT_TYPES.map((type) => [type]))("%s (published, not acted on)", (type) => {
  it(
    "is acknowledged as ignored whatever its data holds: from its schema (full, " + "required only, nulls) or any JSON",
    () => {
      const { schema, context } = eventSchema(type)
      const full = fullValueOf(schema, context) as fc.Arbitrary<Record<string, any>>
      fc.assert(
        fc.property(full, fc.jsonValue({ maxDepth: 3 }), (payload, anyData) => {
          for (const body of [
            payload,
            requiredOnly(payload, schema, context),
            nullsWherever(payload, schema, context),
            { ...payload, data: anyData },
          ]) {
            expect(classifyDelivery(signed(body), SECRET)).toEqual({ kind: "ignored", id: payload.id, type })
          }
        }),
        { numRuns: 10 },
      )
    },
  )
})

describe("what is still refused", () => {
  it(
    "an event the plugin acts on without the id it acts on is malformed (400), " +
      "under either name; a forged one is 401",
    () => {
      const approved = {
        id: "evt_1",
        source: "https://api.example",
        type: "business_registry.approved.v1",
        time: "2026-11-27T10:00:00Z",
        data: { merchant_id: null, organization_number: "SOLE-GB-1" },
      }
      for (const type of ["business_registry.approved.v1", "enrollment.approved"]) {
        expect(classifyDelivery(signed({ ...approved, type }), SECRET)).toMatchObject({
          kind: "refused",
          status: 400,
          code: "TRADE_CREDIT_WEBHOOK_MALFORMED",
        })
      }
      const verified = {
        id: "evt_2",
        source: "s",
        type: "order.verified.v1",
        time: "2026-11-27T10:00:00Z",
        data: { order_id: "ord_1" },
      }
      expect(classifyDelivery(signed(verified), SECRET)).toMatchObject({ kind: "refused", status: 400 })
      const good = { ...verified, data: { order_id: "ord_1", merchant_order_id: "payses_1" } }
      const forged = signed(good)
      expect(
        classifyDelivery(forged, "whsec_" + Buffer.from("somebody else's secret, not ours").toString("base64")),
      ).toMatchObject({ kind: "refused", status: 401 })
      expect(classifyDelivery(forged, SECRET)).toMatchObject({ kind: "event" })
    },
  )
})
