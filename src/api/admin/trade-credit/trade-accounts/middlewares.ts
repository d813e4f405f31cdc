import type { MiddlewareRoute } from "@medusajs/framework/http"
import { Codes } from "../../../errors/codes"
import { type IssueRule, NoQuery, validateBody, validateQuery } from "../../../utils/validate"
import {
  AddTradeAccountUsersBody,
  ListTradeAccountsQuery,
  OnboardTradeAccountBody,
  RESERVED_ID_MESSAGE,
  VerificationLinkBody,
} from "./validators"

/** A merchant id beginning with `svc_` has its own code, whatever else is wrong with the body. */
const reservedId: IssueRule = {
  code: Codes.TRADE_CREDIT_RESERVED_ID,
  matches: (issue) => issue.message === RESERVED_ID_MESSAGE,
}

const body = (schema: Parameters<typeof validateBody>[0]) =>
  validateBody(schema, Codes.TRADE_CREDIT_INVALID_BODY, { what: "Invalid body", rules: [reservedId] })

/**
 * The trade account admin routes' validation (spread into src/api/middlewares.ts): a mistake is a 400 with a code
 * (TRADE_CREDIT_RESERVED_ID for a merchant id beginning with `svc_`, else TRADE_CREDIT_INVALID_BODY / _QUERY) and a
 * message naming the field, and nothing is sent to the service.
 */
export const tradeAccountMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/admin/trade-credit/trade-accounts",
    method: ["GET"],
    middlewares: [validateQuery(ListTradeAccountsQuery, Codes.TRADE_CREDIT_INVALID_QUERY, { what: "Invalid query" })],
  },
  { matcher: "/admin/trade-credit/trade-accounts", method: ["POST"], middlewares: [body(OnboardTradeAccountBody)] },
  {
    matcher: "/admin/trade-credit/trade-accounts/:id",
    method: ["GET"],
    middlewares: [
      validateQuery(NoQuery, Codes.TRADE_CREDIT_INVALID_QUERY, { what: "Invalid query: the route takes none" }),
    ],
  },
  {
    matcher: "/admin/trade-credit/trade-accounts/:id/users",
    method: ["POST"],
    middlewares: [body(AddTradeAccountUsersBody)],
  },
  {
    matcher: "/admin/trade-credit/trade-accounts/:id/users/:user_id/verification-link",
    method: ["POST"],
    middlewares: [body(VerificationLinkBody)],
  },
]
