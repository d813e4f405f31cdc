const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i

/** A refusal of the repayment interface as the client reports it (its errors are `{description, code}`). */
export type Refusal = { status?: number; details?: string; message: string }

/**
 * The id (a UUID) of what holds a reference the service refused as taken (a 409): the plan of a session whose first
 * create's answer was lost, or the account of a buyer's reference. The repayment interface names it only in its
 * description, so it is read from `details` (where a transport keeps it), else from the message.
 */
export function holderIdOf(refusal: Refusal): string | undefined {
  if (refusal.status !== 409) return undefined
  return (refusal.details ?? "").match(UUID)?.[0] ?? refusal.message.match(UUID)?.[0]
}
