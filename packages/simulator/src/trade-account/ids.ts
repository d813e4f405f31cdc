import { randomBytes, randomUUID } from "node:crypto"
import { SIM_SERVICE_ID_PREFIX } from "../contract/trade-account"

/** Ids the service makes for trade accounts **(chosen)**: `svc_` + the kind + 32 hexadecimal characters. */
export const newTradeAccountId = (kind: "cus" | "usr") =>
  `${SIM_SERVICE_ID_PREFIX}${kind}_${randomUUID().replace(/-/g, "")}`

/** The unguessable token in a verification link. */
export const newLinkToken = () => randomBytes(24).toString("base64url")
