import { Input, Label, RadioGroup } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import type { OnboardBy } from "./use-onboard-form"

export type OnboardCompanyFieldsProps = {
  by: OnboardBy
  setBy: (by: OnboardBy) => void
  canonicalId: string
  setCanonicalId: (value: string) => void
  country: string
  setCountry: (value: string) => void
  orgNumber: string
  setOrgNumber: (value: string) => void
}

/** The company to onboard: a choice of how it is named, then its company id, or its country and number. */
export const OnboardCompanyFields = (fields: OnboardCompanyFieldsProps) => {
  const { t } = useTranslation("tradeCredit")
  const { by, setBy } = fields
  return (
    <>
      <RadioGroup value={by} onValueChange={(v) => setBy(v as typeof by)} className="flex gap-x-6">
        <div className="flex items-center gap-x-2">
          <RadioGroup.Item value="organization_number" id="tc-by-org" />
          <Label htmlFor="tc-by-org" size="small">
            {t("customer.onboard.byOrganizationNumber")}
          </Label>
        </div>
        <div className="flex items-center gap-x-2">
          <RadioGroup.Item value="canonical_id" id="tc-by-canonical" />
          <Label htmlFor="tc-by-canonical" size="small">
            {t("customer.onboard.byCompanyId")}
          </Label>
        </div>
      </RadioGroup>
      {by === "canonical_id" ? (
        <div className="flex flex-col gap-y-1">
          <Label htmlFor="tc-canonical-id" size="xsmall" weight="plus">
            {t("customer.onboard.companyId")}
          </Label>
          <Input
            id="tc-canonical-id"
            size="small"
            value={fields.canonicalId}
            onChange={(e) => fields.setCanonicalId(e.target.value)}
            placeholder={t("customer.onboard.companyIdPlaceholder")}
          />
        </div>
      ) : (
        <div className="grid grid-cols-[6rem_1fr] gap-x-3">
          <div className="flex flex-col gap-y-1">
            <Label htmlFor="tc-country" size="xsmall" weight="plus">
              {t("customer.onboard.country")}
            </Label>
            <Input
              id="tc-country"
              size="small"
              maxLength={2}
              value={fields.country}
              onChange={(e) => fields.setCountry(e.target.value.toUpperCase())}
              placeholder="GB"
            />
          </div>
          <div className="flex flex-col gap-y-1">
            <Label htmlFor="tc-org-number" size="xsmall" weight="plus">
              {t("customer.onboard.organizationNumber")}
            </Label>
            <Input
              id="tc-org-number"
              size="small"
              value={fields.orgNumber}
              onChange={(e) => fields.setOrgNumber(e.target.value)}
              placeholder={t("customer.onboard.organizationNumberPlaceholder")}
            />
          </div>
        </div>
      )}
    </>
  )
}
