import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { z } from "@medusajs/framework/zod"
import { ProposalCreateBody, REGISTRATION_COUNTRIES, VerificationCode } from "../../../../service/schemas"
import { formatPath } from "../../../../providers/trade-credit/payload/errors"

const country = z
  .string({ error: "country must be a string: an ISO 3166-1 alpha-2 code, GB or US" })
  .trim()
  .regex(/^[A-Za-z]{2}$/, "country must be an ISO 3166-1 alpha-2 code, GB or US")
  .transform((c) => c.toUpperCase())

const email = z.string({ error: "email is required" }).trim().max(254).pipe(z.email("email must be an email address"))

/** `POST /store/trade-credit/soletrader/signup`: the country to register in (else the customer's default address). */
export const SignupBody = z.object({ country: country.optional() }).strict()
export type SignupBody = z.infer<typeof SignupBody>

/** `POST .../returning-buyer/verification`. */
export const VerificationBody = z.object({ email }).strict()
export type VerificationBody = z.infer<typeof VerificationBody>

/** `POST .../returning-buyer/verification/code`. */
export const VerificationCodeBody = z.object({ email, code: VerificationCode }).strict()
export type VerificationCodeBody = z.infer<typeof VerificationCodeBody>

/** `POST .../returning-buyer/choice`: one of the businesses the verified email's matches listed. */
export const ChoiceBody = z
  .object({
    organization_number: z.string({ error: "organization_number is required" }).trim().min(1).max(50),
    country_code: country,
  })
  .strict()
export type ChoiceBody = z.infer<typeof ChoiceBody>

/** `POST .../proposals`: the contract's proposal body (`{proposed_business: {...}}`), a sole trader in GB or US. */
export const ProposalBody = ProposalCreateBody
export type ProposalBody = z.infer<typeof ProposalBody>

export const COUNTRY_NOT_SUPPORTED = "TRADE_CREDIT_COUNTRY_NOT_SUPPORTED"
export const countryNotSupported = (code: unknown) =>
  new MedusaError(
    MedusaError.Types.INVALID_DATA,
    `Business registration is limited to UK (GB) and US sole traders; ${JSON.stringify(code ?? null)} is not supported`,
    COUNTRY_NOT_SUPPORTED
  )
export const isRegistrationCountry = (code: unknown): code is (typeof REGISTRATION_COUNTRIES)[number] =>
  typeof code === "string" && (REGISTRATION_COUNTRIES as readonly string[]).includes(code.toUpperCase())

/**
 * A body validator answering 400 `{code, message}` naming the field (Medusa's
 * own validation middleware answers without a code). `precheck` may refuse
 * first with a more specific error.
 */
function validate<T extends z.ZodType>(schema: T, code: string, what: string, precheck?: (body: any) => MedusaError | undefined) {
  return (req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) => {
    const body = req.body ?? {}
    const early = precheck?.(body)
    if (early) return next(early)
    const result = schema.safeParse(body)
    if (result.success) {
      ;(req as MedusaRequest<z.infer<T>>).validatedBody = result.data
      return next()
    }
    const issue = result.error.issues[0]
    const path = formatPath(issue.path)
    const message = !path || issue.message.startsWith(path.split("[")[0]) ? issue.message : `${path}: ${issue.message}`
    return next(new MedusaError(MedusaError.Types.INVALID_DATA, `Invalid ${what}: ${message}`, code))
  }
}

const proposalCountry = (body: any) => {
  const code = body?.proposed_business?.country_code
  return code !== undefined && !isRegistrationCountry(code) ? countryNotSupported(code) : undefined
}
const signupCountry = (body: any) => (body?.country !== undefined && !isRegistrationCountry(body.country) ? countryNotSupported(body.country) : undefined)

export const validateSignupBody = validate(SignupBody, "TRADE_CREDIT_INVALID_SIGNUP", "signup request", signupCountry)
export const validateVerificationBody = validate(VerificationBody, "TRADE_CREDIT_INVALID_VERIFICATION", "verification request")
export const validateVerificationCodeBody = validate(VerificationCodeBody, "TRADE_CREDIT_INVALID_VERIFICATION", "verification code")
export const validateChoiceBody = validate(ChoiceBody, "TRADE_CREDIT_INVALID_CHOICE", "choice")
export const validateProposalBody = validate(ProposalBody, "TRADE_CREDIT_INVALID_PROPOSAL", "proposal", proposalCountry)
