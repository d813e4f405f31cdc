import { z } from "@medusajs/framework/zod"
import { ProposalCreateBody, RegistrationCountry, VerificationCode } from "../../../../service/schemas/registration"
import { countryNotSupportedMessage, isRegistrationCountry } from "../../../../use-cases/sole-trader-signup"
import { Codes } from "../../../errors/codes"
import { type IssueRule, valueAt } from "../../../utils/validate"

const country = z
  .string({ error: "country must be a string: an ISO 3166-1 alpha-2 code, GB or US" })
  .trim()
  .regex(/^[A-Za-z]{2}$/, "country must be an ISO 3166-1 alpha-2 code, GB or US")
  .transform((c) => c.toUpperCase())

const email = z.string({ error: "email is required" }).trim().max(254).pipe(z.email("email must be an email address"))

/** `POST /store/trade-credit/soletrader/signup`: the country to register in (else the customer's default address). */
export const SignupBody = z.object({ country: country.pipe(RegistrationCountry).optional() }).strict()
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

/** A country the schema refuses for not being GB or US (not for being malformed) has its own code. */
export const countryNotSupported: IssueRule = {
  code: Codes.TRADE_CREDIT_COUNTRY_NOT_SUPPORTED,
  matches: (issue, input) => {
    if (issue.code !== "invalid_value" || !/country(_code)?$/.test(String(issue.path.at(-1)))) return false
    const value = valueAt(input, issue.path)
    return typeof value === "string" && /^\s*[A-Za-z]{2}\s*$/.test(value) && !isRegistrationCountry(value.trim())
  },
  message: (issue, input) => countryNotSupportedMessage(valueAt(input, issue.path)),
}
