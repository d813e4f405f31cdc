import express, { Router } from "express"
import type { SimulatorContext } from "../context"
import type { MerchantState } from "../state/merchants"
import type { VerificationLink } from "../state/trade-accounts"
import { decideLink, isLinkExpired, returnUrlWith } from "../trade-account/verification"
import { route } from "./handler"
import { pageLanguage, sendPage } from "./page-language"
import { tradeAccountVerificationHtml, unknownLinkHtml } from "./trade-account-verification-html"

function findLink(
  ctx: SimulatorContext,
  token: string,
): { merchant: MerchantState; link: VerificationLink } | undefined {
  for (const merchant of ctx.merchants.list()) {
    const link = merchant.tradeAccounts.link(token)
    if (link) return { merchant, link }
  }
  return undefined
}

/**
 * The hosted page at a trade account user's `redirect_url` (no API key: the
 * user's browser opens it). "Verify" sets the user `verified: true` and sends
 * the browser (303) to the merchant's `return_url` with
 * `trade_account_verification=verified`; "Cancel" changes nothing and sends
 * it back with `=cancelled`. A link is used once; afterwards the page shows
 * the outcome and a way back. Mounted at /trade-account-verification.
 * The words follow the user's language (page-language.ts): `?lang=` of the URL, else
 * Accept-Language, else English.
 */
export function tradeAccountVerificationPage(ctx: SimulatorContext): Router {
  const router = Router()
  router.use(express.urlencoded({ extended: false, limit: "10kb" }))

  const view = (found: { merchant: MerchantState; link: VerificationLink }) => {
    const user = found.merchant.tradeAccounts.user(found.link.userId)
    if (!user) return undefined
    return {
      link: found.link,
      user,
      customer: found.merchant.tradeAccounts.customer(user.user.customer_id),
      merchantName: found.merchant.name,
    }
  }

  router.get(
    "/:token",
    route((req, res) => {
      res.setHeader("Cache-Control", "no-store")
      const { language } = pageLanguage(req)
      const found = findLink(ctx, req.params.token)
      const shown = found && view(found)
      if (!found || !shown) return sendPage(res, language, unknownLinkHtml(language), 404)
      sendPage(res, language, tradeAccountVerificationHtml(shown, isLinkExpired(ctx, found.link), language))
    }),
  )

  router.post(
    "/:token",
    route((req, res) => {
      res.setHeader("Cache-Control", "no-store")
      const { language } = pageLanguage(req)
      const found = findLink(ctx, req.params.token)
      const shown = found && view(found)
      if (!found || !shown) return sendPage(res, language, unknownLinkHtml(language), 404)
      const decision = (req.body as Record<string, unknown> | undefined)?.decision
      const { link, user } = shown
      if (link.outcome !== null || user.user.verified) {
        // Decided already (or verified through another link): back to the shop with what happened.
        return res.redirect(303, returnUrlWith(link, link.outcome ?? "verified"))
      }
      if (isLinkExpired(ctx, link))
        return sendPage(res, language, tradeAccountVerificationHtml(shown, true, language), 410)
      if (decision !== "verify" && decision !== "cancel") {
        return sendPage(res, language, tradeAccountVerificationHtml(shown, false, language), 400)
      }
      res.redirect(303, decideLink(ctx, found.merchant, link, user, decision === "verify"))
    }),
  )

  return router
}
