import { Router } from "express"
import { z } from "zod"
import type { SimulatorContext } from "../context"
import type { DelegationRecord } from "../registration/store"
import { findToken } from "../registration/tokens"
import type { MerchantState } from "../state/merchants"
import { route } from "./handler"
import { pageLanguage, sendPage } from "./page-language"
import { fill, type PageTexts, textsFor } from "./page-texts"
import { type SignupPrefill, signupErrorHtml, signupHtml } from "./signup-html"

const text = z.string().trim().min(1).max(255)
const Address = z
  .object({
    building: text.optional(),
    street: text.optional(),
    street_address: text.optional(),
    address_1: text.optional(),
    city: text.optional(),
    region: text.optional(),
    province: text.optional(),
    postal_code: text.optional(),
    country: text.optional(),
    country_code: text.optional(),
  })
  .partial()

/** autofillData: lenient; what does not fit is ignored, never an error (docs/simulator.md). */
const AutofillData = z
  .object({
    first_name: text,
    last_name: text,
    email: text,
    phone: text,
    phone_number: text,
    date_of_birth: z.iso.date(),
    company_name: text,
    trading_name: text,
    country: text,
    country_code: text,
    address: Address,
    billing_address: Address,
  })
  .partial()

/** The prefill of the form from the `autofillData` query parameter (URL-encoded JSON). */
export function prefillOf(raw: unknown): SignupPrefill {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > 10_000) return {}
  let json: unknown
  try {
    json = JSON.parse(raw)
  } catch {
    return {}
  }
  if (!json || typeof json !== "object") return {}
  const fields = Object.fromEntries(
    Object.entries(json as Record<string, unknown>).filter(
      ([name, value]) => AutofillData.shape[name as keyof typeof AutofillData.shape]?.safeParse(value).success,
    ),
  )
  const data = AutofillData.parse(fields)
  const address = data.address ?? data.billing_address ?? {}
  const upper = (value: string | undefined) => value?.toUpperCase()
  const prefill: SignupPrefill = {
    first_name: data.first_name,
    last_name: data.last_name,
    email: data.email,
    phone: data.phone ?? data.phone_number,
    date_of_birth: data.date_of_birth,
    trading_name: data.trading_name ?? data.company_name,
    building: address.building,
    street: address.street ?? address.street_address ?? address.address_1,
    city: address.city,
    region: address.region ?? address.province,
    postal_code: address.postal_code,
    country: upper(data.country_code ?? data.country ?? address.country_code ?? address.country),
  }
  return Object.fromEntries(Object.entries(prefill).filter(([, value]) => value !== undefined)) as SignupPrefill
}

type TokenProblem = keyof Pick<PageTexts["signupError"], "missingToken" | "invalidToken" | "expiredToken">
type Checked =
  | { ok: true; merchant: MerchantState; record: DelegationRecord }
  | { ok: false; status: number; problem: TokenProblem; name: string }

function checkToken(ctx: SimulatorContext, raw: unknown, name: string, kind: "registry" | "autofill"): Checked {
  if (typeof raw !== "string" || raw === "") return { ok: false, status: 400, problem: "missingToken", name }
  const found = findToken(ctx.merchants, raw)
  if (!found || found.record.kind !== kind) return { ok: false, status: 401, problem: "invalidToken", name }
  if (found.record.expiresAtMs <= ctx.clock.nowMs()) return { ok: false, status: 401, problem: "expiredToken", name }
  return { ok: true, ...found }
}

/**
 * The sole-trader signup popup at /soletrader/signup?authToken&autofillToken
 * &autofillData&country (interfaces.md). No API key: the page works with the
 * two delegation tokens of its URL. Missing, unknown or expired tokens, or
 * tokens that cannot do the job, give a clear error page. Mounted at /soletrader.
 * The words (the page's, its script's and the error pages') follow the buyer's language
 * (page-language.ts): `lang` (or `locale`) of the URL, else Accept-Language, else English.
 */
export function signupPage(ctx: SimulatorContext): Router {
  const router = Router()

  router.get(
    "/signup",
    route((req, res) => {
      res.setHeader("Cache-Control", "no-store")
      res.setHeader("Referrer-Policy", "no-referrer")
      const { language } = pageLanguage(req)
      const errors = textsFor(language).signupError
      const fail = (status: number, message: string) =>
        sendPage(res, language, signupErrorHtml(errors.title, message, language), status)
      const auth = checkToken(ctx, req.query.authToken, "authToken", "registry")
      if (!auth.ok) return fail(auth.status, fill(errors[auth.problem], { name: auth.name }))
      const autofill = checkToken(ctx, req.query.autofillToken, "autofillToken", "autofill")
      if (!autofill.ok) return fail(autofill.status, fill(errors[autofill.problem], { name: autofill.name }))
      if (auth.merchant !== autofill.merchant) return fail(401, errors.differentShops)
      const canVerify = auth.record.capabilities.has("verify_returning_buyer")
      const canRegister = auth.record.capabilities.has("create_proposal")
      if (!canVerify && !canRegister) return fail(403, errors.cannotProceed)
      if (!autofill.record.capabilities.has("write_current_buyer")) return fail(403, errors.cannotSave)
      const country = typeof req.query.country === "string" ? req.query.country.toUpperCase() : ""
      sendPage(
        res,
        language,
        signupHtml({
          authToken: auth.record.token,
          autofillToken: autofill.record.token,
          country: country === "GB" || country === "US" ? country : null,
          prefill: prefillOf(req.query.autofillData),
          merchantName: auth.merchant.name,
          canVerify,
          canRegister,
          language,
          postToOpener: ctx.profile.name !== "minimal",
        }),
      )
    }),
  )

  return router
}
