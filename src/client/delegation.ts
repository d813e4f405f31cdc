import { HEADERS } from "../service/schemas/common"
import { CLIENT_ERROR_CODES, TradeCreditError } from "./errors"
import type { JsonResponse } from "./transport"

/** Who acts on a call of section 5: a delegation token, or the API key (`token` left out). */
export type MaybeToken = { token?: string }

/** The token of a delegation answer's Service-Delegated-Authority-Token header; its absence breaks the contract. */
export function tokenFromAnswer(answer: JsonResponse<unknown>, what: string): string {
  const token = answer.headers[HEADERS.delegatedToken]
  if (!token) {
    throw new TradeCreditError({
      code: CLIENT_ERROR_CODES.CONTRACT_VIOLATION,
      message: `Trade credit service: ${what} answered ${answer.status} without the ${HEADERS.delegatedToken} header`,
      status: answer.status,
    })
  }
  return token
}

/** True for the service's 404 NOT_FOUND (an answer, not a failure, for the calls that use it so). */
export const isNotFound = (error: unknown) => error instanceof TradeCreditError && error.status === 404
