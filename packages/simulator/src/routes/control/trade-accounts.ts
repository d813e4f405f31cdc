import { Router } from "express"
import { z } from "zod"
import type { SimulatorContext } from "../../context"
import { notFound } from "../../errors"
import type { MerchantState } from "../../state/merchants"
import type { TradeAccountCustomerRecord } from "../../state/trade-accounts"
import { verifyUser } from "../../trade-account/users"
import { parseWith } from "../../validate"
import { route } from "../handler"
import { merchantsMatching } from "./lookup"

const VerifyBody = z.object({ verified: z.boolean().default(true) })

function customerView(merchant: MerchantState, record: TradeAccountCustomerRecord) {
  return {
    merchant: merchant.id,
    customer: record.customer,
    canonical_id: record.canonicalId,
    users: record.userIds.map((id) => merchant.tradeAccounts.user(id)?.user).filter(Boolean),
    created_at: record.createdAt,
  }
}

/** A user by the service's id (any merchant) or by a merchant's id (`?merchant=` narrows). */
function findUser(ctx: SimulatorContext, uid: string, merchantId: unknown) {
  for (const merchant of merchantsMatching(ctx, merchantId)) {
    const record = merchant.tradeAccounts.user(uid)
    if (record) return { merchant, record }
  }
  throw notFound(`Trade account user ${uid}`)
}

/**
 * /_sim/trade-accounts: list the trade accounts (customers with their users),
 * show a user, and verify (or un-verify) a user directly, without the hosted page.
 */
export function controlTradeAccountRoutes(ctx: SimulatorContext): Router {
  const router = Router()

  router.get(
    "/trade-accounts",
    route((req, res) => {
      const items = merchantsMatching(ctx, req.query.merchant).flatMap((merchant) =>
        merchant.tradeAccounts.allCustomers().map((record) => customerView(merchant, record)),
      )
      res.json({ items })
    }),
  )

  router.get(
    "/trade-accounts/users/:uid",
    route((req, res) => {
      const { merchant, record } = findUser(ctx, req.params.uid, req.query.merchant)
      res.json({
        merchant: merchant.id,
        user: record.user,
        created_at: record.createdAt,
        verified_at: record.verifiedAt,
      })
    }),
  )

  router.post(
    "/trade-accounts/users/:uid/verify",
    route((req, res) => {
      const { verified } = parseWith(VerifyBody, req.body ?? {}, "body")
      const { merchant, record } = findUser(ctx, req.params.uid, req.query.merchant)
      if (verified) verifyUser(ctx, merchant, record)
      else {
        record.user.verified = false
        record.verifiedAt = null
      }
      res.json({ merchant: merchant.id, user: record.user, verified_at: record.verifiedAt })
    }),
  )

  return router
}
