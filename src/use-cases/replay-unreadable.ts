import { CLIENT_ERROR_CODES, TradeCreditError } from "../client/errors"

/**
 * A money-moving write (a credit note, a plan credit) whose 2xx answer could not be read (not JSON, or breaking the
 * response schema) is asked once more with the same Idempotency-Key and body: the service answers the first answer
 * again (contract section 0) and nothing is made twice. Without this, the refund Medusa rolls back on the failure is
 * retried under a new refund id, and the credit the service made can be adopted only through fields the published
 * documents do not promise (a credit note's `refund_reference`, a plan status's `credited_amount`). `write` must send
 * the same key and body each time. A second unreadable answer (or any other failure) is the call's failure.
 */
export async function replayingUnreadableAnswer<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    const unreadable =
      error instanceof TradeCreditError &&
      error.code === CLIENT_ERROR_CODES.CONTRACT_VIOLATION &&
      error.status !== undefined &&
      error.status >= 200 &&
      error.status < 300
    if (!unreadable) throw error
    return await write()
  }
}
