import { randomBytes } from "node:crypto"
import type { Request, Response } from "express"
import { HEADER } from "../contract/common"
import { DELEGATION_TOKEN_TTL_MS } from "../contract/registration"
import type { SimulatorContext } from "../context"
import { ServiceError, unauthorized } from "../errors"
import type { MerchantRegistry, MerchantState } from "../state/merchants"
import type { Capability, DelegationRecord, TokenKind } from "./store"

/** The query parameter browsers use for the token (interfaces.md), in its spelling and lower case. */
export const TOKEN_QUERY_NAMES = ["Service-Delegated-Authority-Token", "service-delegated-authority-token"]

/** Paths where a delegation token may stand in for the API key; each route then checks its capability. */
const DELEGABLE = /^\/(autofill\/v1|registry\/v1|proposal)\//

/** `sdat_` + 43 URL-safe base64 characters (32 random bytes) **(chosen)**. */
const newToken = () => `sdat_${randomBytes(32).toString("base64url")}`

/** Issues a token of `merchant`, valid one hour by the simulator clock. */
export function issueToken(
  ctx: SimulatorContext,
  merchant: MerchantState,
  kind: TokenKind,
  capabilities: Capability[],
  buyerReference: string | null,
  email: string | null = null,
): DelegationRecord {
  const now = ctx.clock.nowMs()
  for (const [token, record] of merchant.registration.tokens) {
    if (record.expiresAtMs <= now) merchant.registration.tokens.delete(token)
  }
  const record: DelegationRecord = {
    token: newToken(),
    kind,
    merchantId: merchant.id,
    buyerReference,
    capabilities: new Set(capabilities),
    email,
    issuedAtMs: now,
    expiresAtMs: now + DELEGATION_TOKEN_TTL_MS,
  }
  merchant.registration.tokens.set(record.token, record)
  return record
}

/** The token a request carries: the header, or on GET the query parameter of the same name. */
export function tokenOf(req: Request): string | undefined {
  const header = req.get(HEADER.delegatedToken)
  if (header !== undefined) return header
  if (req.method !== "GET") return undefined
  for (const name of TOKEN_QUERY_NAMES) {
    const value = req.query[name]
    if (typeof value === "string") return value
  }
  return undefined
}

export function findToken(
  merchants: MerchantRegistry,
  token: string,
): { merchant: MerchantState; record: DelegationRecord } | undefined {
  for (const merchant of merchants.list()) {
    const record = merchant.registration.tokens.get(token)
    if (record) return { merchant, record }
  }
  return undefined
}

export const acceptsDelegation = (path: string) => DELEGABLE.test(path)

export function setDelegation(res: Response, record: DelegationRecord): void {
  res.locals.delegation = record
}

/** The token the call was made with, or null for an API-key call. */
export function delegationOf(res: Response): DelegationRecord | null {
  return (res.locals.delegation as DelegationRecord | undefined) ?? null
}

/**
 * Checks what the call may do: an API-key call may do anything; a token call
 * needs an unexpired token (401) that grants `capability` (403 FORBIDDEN).
 */
export function requireCapability(
  ctx: SimulatorContext,
  res: Response,
  capability: Capability | "api_key",
): DelegationRecord | null {
  const record = delegationOf(res)
  if (!record) return null
  if (record.expiresAtMs <= ctx.clock.nowMs()) throw unauthorized("The delegation token has expired")
  if (capability === "api_key") {
    throw new ServiceError(403, "FORBIDDEN", "This endpoint takes the API key; a delegation token cannot call it")
  }
  if (!record.capabilities.has(capability)) {
    throw new ServiceError(403, "FORBIDDEN", `The delegation token does not grant ${capability}`)
  }
  return record
}

/** Query parameters that carry delegation tokens (the API's own, and the signup popup's). */
const TOKEN_PARAMS = new Set([...TOKEN_QUERY_NAMES, "authToken", "autofillToken"])

/** A copy of a query with its delegation tokens replaced, for the request log. */
export function redactTokens(query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(query).map(([name, value]) => [name, TOKEN_PARAMS.has(name) ? "[token]" : value]),
  )
}
