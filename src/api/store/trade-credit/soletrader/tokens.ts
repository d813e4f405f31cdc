import { enrollmentKeys, timeBucket } from "../../../../workflows/enrollment/enrollment-store"
import { type SoletraderRequest, tradeCreditOfRequest } from "./route-helpers"

/**
 * A registry token for this customer that may verify returning buyers and
 * nothing else (least privilege), issued with the API key; the same token is
 * reused for half an hour.
 */
export async function verificationToken(req: SoletraderRequest<any>, customerId: string): Promise<string> {
  const { token } = await tradeCreditOfRequest(req)
    .getClient()
    .registry.createDelegationToken(
      { verify_returning_buyer: true, create_proposal: false, buyer_reference: customerId },
      { idempotencyKey: enrollmentKeys.registryToken(customerId, "verify", timeBucket(30)) },
    )
  return token
}
