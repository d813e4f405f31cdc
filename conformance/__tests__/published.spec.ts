import { loadPublished, type PublishedDocuments } from "../published"

/**
 * The validator itself: seed paths reach the published operations (with the README's renames), bodies are held
 * to the published schemas, and a failed anyOf reads as the closest branch only.
 */

let v: PublishedDocuments

beforeAll(async () => {
  v = await loadPublished()
})

describe("seed paths → published operations", () => {
  it.each([
    ["POST", "/v1/order_intent", "checkout-api.yaml", "/v1/order_intent"],
    ["POST", "/v1/order/ord_1/fulfilled", "checkout-api.yaml", "/v1/order/{order_id}/fulfillments"],
    ["GET", "/v1/order/merchant-order-id/cart_1", "checkout-api.yaml", "/v1/order/merchant-order-id/{merchant_order_id}"],
    ["GET", "/v1/invoice/ord_1/pdf?lang=en_US&v=original", "checkout-api.yaml", "/v1/invoice/{order_id}/pdf"],
    ["POST", "/repay/v1/preview", "repay-api.yaml", "/plan/preview"],
    ["GET", "/repay/v1/status?plan_id=p1", "repay-api.yaml", "/plan/{repayment_plan_id}/status"],
    ["PUT", "/repay/v1/fulfilment", "repay-api.yaml", "/plan/{repayment_plan_id}/fulfilment"],
    ["PUT", "/repay/v1/plan/p1/cancellation", "repay-api.yaml", "/plan/{repayment_plan_id}/cancellation"],
    ["GET", "/companies/v2/company?country=GB&q=acme", "company-api.yaml", "/company"],
    ["PATCH", "/proposal/returning-buyer/verification", "business-registration-api.yaml", "/registry/v1/proposal/returning-buyer/verification"],
    ["DELETE", "/autofill/v1/buyer/current", "autofill-api.yaml", "/autofill/v1/buyer/current"],
  ])("%s %s", (method, seedPath, document, path) => {
    expect(v.operation(method, seedPath)).toMatchObject({ document, path })
  })

  it.each([
    ["GET", "/proposal/returning-buyer/matches/a@example.com"],
    ["POST", "/gdpr/v1/erasure"],
    ["GET", "/gdpr/v1/lookup?email=a@example.com"],
    ["POST", "/repay/v1/credit"],
    ["POST", "/registry/v1/proposal/p1/evidence"],
  ])("%s %s has no published counterpart", (method, seedPath) => {
    expect(v.operation(method, seedPath)).toBeNull()
    expect(v.request(method, seedPath, {})).toEqual([expect.stringContaining("no published operation")])
  })
})

describe("bodies", () => {
  const line = {
    name: "Standing desk",
    description: "Electric sit-stand desk",
    quantity: "1",
    quantity_unit: "pcs",
    unit_price: "400.000000",
    net_amount: "400.00",
    tax_amount: "80.00",
    gross_amount: "480.00",
    discount_amount: "0.00",
    tax_rate: "0.200000",
    tax_class_name: "VAT 20%",
    type: "PHYSICAL",
  }
  const intent = {
    gross_amount: "480.00",
    currency: "GBP",
    line_items: [line],
    buyer: { company: { company_canonical_id: "cmpgb08123456" } },
  }

  it("a conforming body has no violation; a line without description has one, at its path", () => {
    expect(v.request("POST", "/v1/order_intent", intent)).toEqual([])
    const { description: _description, ...bare } = line
    expect(v.request("POST", "/v1/order_intent", { ...intent, line_items: [bare] })).toEqual([
      '/line_items/0: missing required property "description" [LineItemRequestSchema]',
    ])
  })

  it("a failed anyOf reads as its closest branch (no 'must be null')", () => {
    const violations = v.request("POST", "/repay/v1/preview", {
      total_repayment_amount: "3600.00",
      tax_subtotals: [{ tax_rate: "0.200000", taxable_amount: "3000.00", tax_amount: "600.00" }],
      terms: { period: "MONTHLY", number_of_periods: 40 },
    })
    expect(violations).toEqual(["/terms/number_of_periods: must be <= 36 [Number Of Periods]"])
  })

  it("answers: by status; an unlisted error of the repayment document against its Error schema; binary by type", () => {
    expect(v.response("POST", "/repay/v1/plan", 422, { detail: [{ loc: ["body", "terms"], msg: "m", type: "t" }] })).toEqual([])
    expect(v.response("GET", "/repay/v1/status?plan_id=p1", 404, { description: "Not found", code: "ERROR" })).toEqual([])
    expect(v.response("GET", "/repay/v1/status?plan_id=p1", 404, { error_code: "NOT_FOUND" })).toEqual([
      '/: missing required property "description" [Error]',
    ])
    expect(v.response("POST", "/repay/v1/plan", 400, {})).toEqual([expect.stringContaining("status 400 is not published")])
    expect(v.response("GET", "/v1/invoice/ord_1/pdf", 200, undefined, "application/pdf")).toEqual([])
    expect(v.responseSchema("POST", "/registry/v1/delegation", 200)).toBe(false)
  })

  it("parameters: required, bounded, seed header names read as the published ones", () => {
    expect(v.parameters("GET", "/companies/v2/company?q=acme&limit=500")).toEqual([
      "query country: the required query parameter country is missing",
      "query limit: must be <= 100 [Limit]",
    ])
    expect(v.parameters("POST", "/repay/v1/account", { "Idempotency-Key": "k".repeat(37) })).toEqual([
      "header Idempotency-Key: must NOT have more than 36 characters [Idempotency-Key]",
    ])
    expect(v.headerName("Service-Delegated-Authority-Token")).toBe("Two-Delegated-Authority-Token")
  })

  it("events: by type, seed names mapped to the published schema, the type itself still checked", () => {
    expect(v.eventSpec("enrollment.approved")).toMatchObject({ type: "business_registry.approved.v1" })
    expect(v.event("order.verified.v1", {})).toContain('/: missing required property "data" [OrderVerified]')
    expect(v.eventSpec("repayment.plan.funding_decided")).toBeNull()
  })
})

describe("the committed facts (conformance/published-facts.json)", () => {
  // eslint-disable-next-line @typescript-eslint/no-var-requires
  const facts = require("../published-facts.json") as { documents: Record<string, Record<string, any>> }

  it("hold every published document, with its paths or webhooks", () => {
    expect(Object.keys(facts.documents).sort()).toEqual([
      "autofill-api.yaml",
      "business-registration-api.yaml",
      "checkout-api.yaml",
      "company-api.yaml",
      "repay-api.yaml",
      "trade-account-v3-api.yaml",
      "webhooks-api.yaml",
    ])
    for (const [file, doc] of Object.entries(facts.documents)) {
      expect([file, Object.keys({ ...doc.paths, ...doc.webhooks }).length > 0]).toEqual([file, true])
    }
  })

  it("carry no sentences: no description, summary or example keyword, no string of several words but titles (labels)", () => {
    const prose: string[] = []
    const walk = (node: unknown, at: string, names: boolean) => {
      if (typeof node === "string") {
        if (/\s\S+\s/.test(node) && !/\/title$/.test(at)) prose.push(at)
        return
      }
      if (!node || typeof node !== "object") return
      for (const [k, child] of Object.entries(node)) {
        if (!names && ["description", "summary", "example", "examples"].includes(k)) prose.push(`${at}/${k}`)
        walk(child, `${at}/${k}`, !names && ["properties", "schemas", "paths", "webhooks", "responses", "content"].includes(k))
      }
    }
    walk(facts.documents, "", true)
    expect(prose).toEqual([])
  })

  it("keep a schema's facts: required, nullable, enums, patterns (the refund summary's tax_subtotals may be null)", () => {
    const schemas = facts.documents["checkout-api.yaml"].components.schemas
    const refund = schemas.RefundSummaryResponseSchema
    expect(refund.required).toEqual(expect.arrayContaining(["id", "total_amount", "currency", "credit_note_number"]))
    expect(JSON.stringify(refund.properties.tax_subtotals)).toContain('"null"')
  })
})
