/**
 * Validates what the proxy recorded and what the webhook receiver caught against the published documents, and
 * sorts every violation into "listed as a deviation the seed decides" or not.
 */

/**
 * The seed's (and the contract's) paths, as templates: a recorded call is named by the one it matches, so every
 * order reads `POST /v1/order/{id}/confirm`, not its id. A path matching none is named as sent.
 */
const SEED_TEMPLATES = [
  "/v1/order_intent",
  "/v1/order",
  "/v1/order/merchant-order-id/{merchant_order_id}",
  "/v1/order/{id}",
  "/v1/order/{id}/confirm",
  "/v1/order/{id}/cancel",
  "/v1/order/{id}/fulfilled",
  "/v1/order/{id}/refund",
  "/v1/invoice/{id}/pdf",
  "/v1/order/{id}/invoice_details",
  "/companies/v2/company",
  "/companies/v2/company/{id}",
  "/repay/v1/account",
  "/repay/v1/account/{id}",
  "/repay/v1/credit-check",
  "/repay/v1/preview",
  "/repay/v1/plan",
  "/repay/v1/status",
  "/repay/v1/fulfilment",
  "/repay/v1/plan/{id}/cancellation",
  "/repay/v1/credit",
  "/trade-account/v3/customer",
  "/trade-account/v3/customer/{cid}",
  "/trade-account/v3/customer/{cid}/user",
  "/trade-account/v3/user/{uid}",
  "/trade-account/v3/user/{uid}/verification/url",
  "/registry/v1/delegation",
  "/registry/v1/proposal",
  "/registry/v1/proposal/{id}",
  "/registry/v1/proposal/{id}/evidence",
  "/registry/v1/proposal/{id}/submission",
  "/autofill/v1/delegation",
  "/autofill/v1/buyer/current",
  "/proposal/returning-buyer/verification",
  "/proposal/returning-buyer/matches/{email_address}",
  "/gdpr/v1/lookup",
  "/gdpr/v1/erasure",
].map((template) => ({
  template,
  regex: new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`),
  params: (template.match(/\{/g) ?? []).length,
}))
SEED_TEMPLATES.sort((a, b) => a.params - b.params)

/** Every operation of the seed and the contract: each must be called at least once with a 2xx answer. */
export const EXPECTED_OPERATIONS = [
  "POST /v1/order_intent",
  "POST /v1/order",
  "GET /v1/order/{id}",
  "GET /v1/order/merchant-order-id/{merchant_order_id}",
  "GET /v1/order/{id}/invoice_details",
  "POST /v1/order/{id}/confirm",
  "PUT /v1/order/{id}",
  "POST /v1/order/{id}/cancel",
  "POST /v1/order/{id}/fulfilled",
  "POST /v1/order/{id}/refund",
  "GET /v1/invoice/{id}/pdf",
  "GET /companies/v2/company",
  "GET /companies/v2/company/{id}",
  "POST /repay/v1/account",
  "PUT /repay/v1/account/{id}",
  "POST /repay/v1/credit-check",
  "POST /repay/v1/preview",
  "POST /repay/v1/plan",
  "GET /repay/v1/status",
  "PUT /repay/v1/fulfilment",
  "PUT /repay/v1/plan/{id}/cancellation",
  "POST /repay/v1/credit",
  "POST /trade-account/v3/customer",
  "GET /trade-account/v3/customer/{cid}",
  "POST /trade-account/v3/customer/{cid}/user",
  "POST /trade-account/v3/user/{uid}/verification/url",
  "POST /registry/v1/delegation",
  "POST /registry/v1/proposal",
  "GET /registry/v1/proposal/{id}",
  "DELETE /registry/v1/proposal/{id}",
  "POST /registry/v1/proposal/{id}/evidence",
  "POST /registry/v1/proposal/{id}/submission",
  "POST /autofill/v1/delegation",
  "GET /autofill/v1/buyer/current",
  "POST /autofill/v1/buyer/current",
  "DELETE /autofill/v1/buyer/current",
  "POST /proposal/returning-buyer/verification",
  "PATCH /proposal/returning-buyer/verification",
  "GET /proposal/returning-buyer/matches/{email_address}",
  "GET /gdpr/v1/lookup",
  "POST /gdpr/v1/erasure",
]

export function seedOperation(method, url) {
  const path = url.split("?")[0]
  const found = SEED_TEMPLATES.find((t) => t.regex.test(path))
  return `${method.toUpperCase()} ${found ? found.template : path}`
}

function valueAt(body, pointer) {
  if (!pointer) return body
  let value = body
  for (const raw of pointer.split("/").slice(1)) {
    const segment = raw.replace(/~1/g, "/").replace(/~0/g, "~")
    if (value === null || typeof value !== "object") return undefined
    value = value[segment]
  }
  return value
}

function shortValue(value) {
  if (value === undefined) return undefined
  const text = JSON.stringify(value)
  return text.length > 120 ? `${text.slice(0, 117)}...` : text
}

function listed(deviations, violation) {
  return (
    deviations.find(
      (d) =>
        d.operations.includes(violation.operation) &&
        violation.direction.startsWith(d.direction) &&
        new RegExp(d.path).test(violation.path) &&
        violation.message.includes(d.message) &&
        (d.value === undefined || violation.value === JSON.stringify(d.value))
    ) ?? null
  )
}

export function checkRecording({ published, exchanges, deliveries, deviations }) {
  const violations = []
  const unpublished = new Map()
  const counts = { requests: 0, requestBodies: 0, responseBodies: 0, responsesWithoutSchema: 0, refusals: 0, webhooks: 0, unanswered: 0 }
  const operations = new Map()

  const add = (base, found, body) => {
    for (const v of found) {
      const value = shortValue(valueAt(body, v.path))
      const violation = { ...base, path: v.path, message: v.message, ...(value !== undefined ? { value } : {}) }
      const deviation = listed(deviations, violation)
      violations.push(deviation ? { ...violation, deviation: deviation.id } : violation)
    }
  }

  for (const exchange of exchanges) {
    counts.requests += 1
    const operation = seedOperation(exchange.method, exchange.url)
    const op = published.operation(exchange.method, exchange.url)
    const entry = operations.get(operation) ?? {
      operation,
      published: op ? `${op.document} ${op.method.toUpperCase()} ${op.path}` : null,
      calls: 0,
      statuses: new Set(),
    }
    entry.calls += 1
    operations.set(operation, entry)
    if (!exchange.response) {
      counts.unanswered += 1
      continue
    }
    entry.statuses.add(exchange.response.status)
    if (!op) {
      unpublished.set(operation, (unpublished.get(operation) ?? 0) + 1)
      continue
    }
    const base = { seq: exchange.seq, operation, published: entry.published }

    const requestBody = exchange.request.body
    if (exchange.refusal) {
      // Sent wrong on purpose to see the refusal: only the answer is held to the documents.
      counts.refusals += 1
    } else {
      add(
        { ...base, direction: "request" },
        published.parameterViolations(exchange.method, exchange.url, exchange.request.headers),
        undefined
      )
    }
    const isJsonRequest = requestBody !== undefined && !requestBody?.binary
    if (!exchange.refusal) {
      if (requestBody !== undefined) counts.requestBodies += 1
      add(
        { ...base, direction: "request" },
        published.requestViolations(
          exchange.method,
          exchange.url,
          isJsonRequest ? requestBody : requestBody === undefined ? undefined : "<binary>"
        ),
        requestBody
      )
    }

    const { status, body, content_type: contentType } = exchange.response
    if (!published.responseSchema(exchange.method, exchange.url, status)) {
      // Published with a description only (a delegation's 200, most 404s): nothing to hold the body to.
      counts.responsesWithoutSchema += 1
    } else if (body !== undefined) {
      counts.responseBodies += 1
    }
    add(
      { ...base, direction: `response ${status}` },
      published.responseViolations(exchange.method, exchange.url, status, body?.binary ? undefined : body, contentType ?? undefined),
      body
    )
  }

  for (const delivery of deliveries) {
    counts.webhooks += 1
    const operation = `event ${delivery.type}`
    const base = { operation, published: published.eventSpec(delivery.type)?.schemaName ?? null, direction: "webhook" }
    if (delivery.signature !== "verified") {
      violations.push({ ...base, path: "", message: `signature ${delivery.signature}` })
    }
    if (!published.eventSpec(delivery.type)) {
      unpublished.set(operation, (unpublished.get(operation) ?? 0) + 1)
      continue
    }
    add(base, published.eventViolations(delivery.type, delivery.body), delivery.body)
  }

  const answered = new Set(
    exchanges
      .filter((e) => !e.refusal && e.response && e.response.status < 300)
      .map((e) => seedOperation(e.method, e.url))
  )
  return {
    counts,
    violations,
    notExercised: EXPECTED_OPERATIONS.filter((operation) => !answered.has(operation)),
    unpublished: [...unpublished].map(([operation, calls]) => ({ operation, calls })),
    operations: [...operations.values()].map((o) => ({ ...o, statuses: [...o.statuses].sort() })),
  }
}

/** Every leaf of a JSON value with its JSON pointer (`/line_items/0/description`). */
function leaves(value, at = "") {
  if (value !== null && typeof value === "object") {
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value)
    if (!entries.length) return [[at, value]]
    return entries.flatMap(([k, v]) => leaves(v, `${at}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`))
  }
  return [[at, value]]
}

/**
 * What the client was handed against what it put on the wire: a field dropped or rewritten is reported even
 * where the published schema has it optional (the bug class of a schema that strips what it does not know).
 */
export function compareGiven({ steps, exchanges }) {
  const bySeq = new Map(exchanges.map((exchange) => [exchange.seq, exchange]))
  const differences = []
  for (const step of steps) {
    if (step.given === undefined) continue
    const exchange = step.seqs.map((seq) => bySeq.get(seq)).find((e) => e && !e.refusal && e.request.body !== undefined)
    if (!exchange) continue
    const sent = exchange.request.body
    for (const [pointer, given] of leaves(step.given)) {
      const wire = valueAt(sent, pointer)
      if (JSON.stringify(wire) !== JSON.stringify(given)) {
        differences.push({
          seq: exchange.seq,
          step: step.name,
          operation: seedOperation(exchange.method, exchange.url),
          path: pointer,
          given: shortValue(given),
          sent: wire === undefined ? "(not sent)" : shortValue(wire),
        })
      }
    }
  }
  return differences
}
