import type { MedusaNextFunction, MedusaRequest, MedusaResponse, MiddlewareRoute } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import type { z } from "@medusajs/framework/zod"
import { formatPath } from "../../../../providers/trade-credit/payload/errors"
import { AddTradeAccountUsersBody, ListTradeAccountsQuery, OnboardTradeAccountBody, RESERVED_ID_MESSAGE, VerificationLinkBody } from "./validators"

/**
 * Validates a body or query before the route runs: a mistake is a 400 with a
 * code (TRADE_CREDIT_RESERVED_ID for a merchant id beginning with `svc_`,
 * else TRADE_CREDIT_INVALID_BODY / _QUERY) and a message naming the field, and
 * nothing is sent to the service.
 */
function validate(schema: z.ZodType, where: "body" | "query") {
  return (req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) => {
    const result = schema.safeParse((where === "body" ? req.body : req.query) ?? {})
    if (result.success) {
      if (where === "body") (req as MedusaRequest<unknown>).validatedBody = result.data
      else (req as unknown as { validatedQuery: unknown }).validatedQuery = result.data
      return next()
    }
    const issue = result.error.issues[0]
    const path = formatPath(issue.path)
    const message =
      issue.code === "unrecognized_keys" ? `unknown ${where} field(s) ${(issue as { keys: string[] }).keys.join(", ")}` : `${path || where}: ${issue.message}`
    const code = result.error.issues.some((i) => i.message === RESERVED_ID_MESSAGE)
      ? "TRADE_CREDIT_RESERVED_ID"
      : where === "body"
        ? "TRADE_CREDIT_INVALID_BODY"
        : "TRADE_CREDIT_INVALID_QUERY"
    return next(new MedusaError(MedusaError.Types.INVALID_DATA, `Invalid ${where}: ${message}`, code))
  }
}

/** The trade account admin routes' validation (spread into src/api/middlewares.ts). */
export const tradeAccountMiddlewares: MiddlewareRoute[] = [
  { matcher: "/admin/trade-credit/trade-accounts", method: ["GET"], middlewares: [validate(ListTradeAccountsQuery, "query")] },
  { matcher: "/admin/trade-credit/trade-accounts", method: ["POST"], middlewares: [validate(OnboardTradeAccountBody, "body")] },
  { matcher: "/admin/trade-credit/trade-accounts/:id/users", method: ["POST"], middlewares: [validate(AddTradeAccountUsersBody, "body")] },
  {
    matcher: "/admin/trade-credit/trade-accounts/:id/users/:user_id/verification-link",
    method: ["POST"],
    middlewares: [validate(VerificationLinkBody, "body")],
  },
]
