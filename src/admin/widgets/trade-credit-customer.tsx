import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminCustomer, DetailWidgetProps } from "@medusajs/framework/types"
import {
  Alert,
  Badge,
  Button,
  Container,
  Copy,
  Heading,
  Input,
  Label,
  RadioGroup,
  Skeleton,
  Text,
  toast,
  usePrompt,
} from "@medusajs/ui"
import { useState, type FormEvent, type ReactNode } from "react"
import { useTranslation } from "react-i18next"
import {
  describeError,
  useCustomerEnrollment,
  useCustomerErasureRequests,
  useCustomerTradeAccount,
  useOnboardCustomer,
  useRequestErasure,
  useSendVerificationLink,
  type OnboardCompany,
} from "../lib/trade-credit-customer-api"

type BadgeColor = "green" | "red" | "blue" | "orange" | "grey" | "purple"

/** Colours of enrollment statuses, erasure cases and erasure statuses (their words: src/admin/i18n). */
const COLORS: Record<string, BadgeColor> = {
  DRAFT: "grey",
  SUBMITTED: "orange",
  IN_REVIEW: "orange",
  ACCEPTED: "green",
  VERIFIED: "green",
  DECLINED: "red",
  WITHDRAWN: "grey",
  ERASABLE: "green",
  RETAINED: "orange",
  NO_RECORDS: "grey",
  submitted: "green",
  recorded: "orange",
  failed: "red",
}
const label = (value: string) => value.charAt(0).toUpperCase() + value.slice(1).toLowerCase().replace(/_/g, " ")
/** A status in the admin's language; a status the translations do not know reads as its code, in words. */
const Tag = ({ value, text, testId, color }: { value: string; text: string; testId?: string; color?: BadgeColor }) => (
  <Badge size="2xsmall" color={color ?? COLORS[value] ?? "grey"} data-testid={testId}>
    {text}
  </Badge>
)
const dateTime = (value: string | null | undefined) =>
  value
    ? new Date(value).toLocaleString(undefined, {
        year: "numeric",
        month: "short",
        day: "numeric",
        hour: "2-digit",
        minute: "2-digit",
      })
    : "-"

const Row = ({ title, children }: { title: string; children: ReactNode }) => (
  <div className="text-ui-fg-subtle grid grid-cols-[2fr_3fr] items-center gap-x-3 px-6 py-3">
    <Text size="small" weight="plus" leading="compact">
      {title}
    </Text>
    <div className="flex min-w-0 items-center gap-x-2">{children}</div>
  </div>
)
const Value = ({ children, testId, mono }: { children: ReactNode; testId?: string; mono?: boolean }) => (
  <Text size="small" leading="compact" className={`truncate${mono ? " font-mono" : ""}`} data-testid={testId}>
    {children ?? "-"}
  </Text>
)
const SectionTitle = ({ children, aside }: { children: ReactNode; aside?: ReactNode }) => (
  <div className="flex items-center justify-between gap-x-2 px-6 pb-1 pt-4">
    <Text size="small" weight="plus" className="text-ui-fg-base">
      {children}
    </Text>
    {aside}
  </div>
)
const Loading = () => (
  <div className="px-6 py-3">
    <Skeleton className="h-5 w-40" />
  </div>
)
const Failed = ({ message }: { message: string }) => (
  <div className="px-6 py-3">
    <Alert variant="error">{message}</Alert>
  </div>
)

/** Sole-trader enrollment: status, organization number, company name, country, decided at. */
const EnrollmentSection = ({ customerId }: { customerId: string }) => {
  const { t } = useTranslation("tradeCredit")
  const { data: enrollment, isLoading, error } = useCustomerEnrollment(customerId)
  const status = enrollment ? (
    <Tag
      value={enrollment.status}
      text={t(`customer.enrollment.status.${enrollment.status}`, { defaultValue: label(enrollment.status) })}
      testId="tc-enrollment-status"
    />
  ) : undefined
  return (
    <div className="pb-2" data-testid="tc-enrollment">
      <SectionTitle aside={status}>{t("customer.enrollment.title")}</SectionTitle>
      {isLoading ? (
        <Loading />
      ) : error ? (
        <Failed message={t("customer.enrollment.loadFailed", { error: describeError(error) })} />
      ) : !enrollment ? (
        <Text size="small" className="text-ui-fg-muted px-6 py-2" data-testid="tc-enrollment-none">
          {t("customer.enrollment.none")}
        </Text>
      ) : (
        <>
          <Row title={t("customer.enrollment.organizationNumber")}>
            <Value testId="tc-enrollment-org" mono>
              {enrollment.organization_number}
            </Value>
            {enrollment.organization_number && <Copy content={enrollment.organization_number} />}
          </Row>
          <Row title={t("customer.enrollment.companyName")}>
            <Value testId="tc-enrollment-company">{enrollment.company_name}</Value>
          </Row>
          <Row title={t("customer.enrollment.country")}>
            <Value testId="tc-enrollment-country">{enrollment.country_code}</Value>
          </Row>
          <Row title={t("customer.enrollment.decidedAt")}>
            <Value testId="tc-enrollment-decided">
              {enrollment.decided_at ? dateTime(enrollment.decided_at) : t("customer.enrollment.notDecided")}
            </Value>
          </Row>
          {enrollment.proposal_id && (
            <Row title={t("customer.enrollment.proposal")}>
              <Value mono>{enrollment.proposal_id}</Value>
            </Row>
          )}
        </>
      )}
    </div>
  )
}

/** "Onboard": the company by the company search's canonical id, or by country and organization number. */
const OnboardForm = ({
  customerId,
  companyName,
  onDone,
}: {
  customerId: string
  companyName: string | null
  onDone: () => void
}) => {
  const { t } = useTranslation("tradeCredit")
  const onboard = useOnboardCustomer(customerId)
  const [by, setBy] = useState<"organization_number" | "canonical_id">("organization_number")
  const [canonicalId, setCanonicalId] = useState("")
  const [country, setCountry] = useState("GB")
  const [orgNumber, setOrgNumber] = useState("")
  const [tradeName, setTradeName] = useState("")

  const company: OnboardCompany | null =
    by === "canonical_id"
      ? canonicalId.trim()
        ? { canonical_id: canonicalId.trim() }
        : null
      : country.trim() && orgNumber.trim()
        ? { country_code: country.trim().toUpperCase(), organization_number: orgNumber.trim() }
        : null

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!company) return
    onboard.mutate(
      { company, ...(tradeName.trim() ? { trade_name: tradeName.trim() } : {}) },
      {
        onSuccess: ({ onboarded }) => {
          toast.success(onboarded ? t("customer.onboard.onboarded") : t("customer.onboard.alreadyOnboarded"))
          onDone()
        },
      },
    )
  }

  return (
    <form
      onSubmit={submit}
      className="mx-6 mb-4 flex flex-col gap-y-3 rounded-lg border border-ui-border-base p-4"
      data-testid="tc-onboard-form"
    >
      <Text size="small" className="text-ui-fg-subtle">
        {t("customer.onboard.intro")}
      </Text>
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
            value={canonicalId}
            onChange={(e) => setCanonicalId(e.target.value)}
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
              value={country}
              onChange={(e) => setCountry(e.target.value.toUpperCase())}
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
              value={orgNumber}
              onChange={(e) => setOrgNumber(e.target.value)}
              placeholder={t("customer.onboard.organizationNumberPlaceholder")}
            />
          </div>
        </div>
      )}
      <div className="flex flex-col gap-y-1">
        <Label htmlFor="tc-trade-name" size="xsmall" weight="plus">
          {t("customer.onboard.tradeName")}
        </Label>
        <Input
          id="tc-trade-name"
          size="small"
          value={tradeName}
          onChange={(e) => setTradeName(e.target.value)}
          placeholder={
            companyName
              ? t("customer.onboard.tradeNameDefault", { name: companyName })
              : t("customer.onboard.tradeNameRequired")
          }
        />
      </div>
      {onboard.error && (
        <Alert variant="error" data-testid="tc-onboard-error">
          {t("customer.onboard.failed", { error: describeError(onboard.error) })}
        </Alert>
      )}
      <div className="flex justify-end gap-x-2">
        <Button size="small" variant="secondary" type="button" onClick={onDone} disabled={onboard.isPending}>
          {t("common.cancel")}
        </Button>
        <Button
          size="small"
          type="submit"
          disabled={!company}
          isLoading={onboard.isPending}
          data-testid="tc-onboard-submit"
        >
          {t("customer.onboard.submit")}
        </Button>
      </div>
    </form>
  )
}

/** Trade account: not onboarded / onboarded, the customer's user verified or not; "Onboard" and "Send verification
 * link". */
const TradeAccountSection = ({ customer }: { customer: AdminCustomer }) => {
  const { t } = useTranslation("tradeCredit")
  const { data, isLoading, error } = useCustomerTradeAccount(customer.id)
  const sendLink = useSendVerificationLink(customer.id)
  const [onboarding, setOnboarding] = useState(false)
  const account = data?.trade_account ?? null
  const user = data?.user ?? null

  const status = !account ? (
    <Tag
      value="NOT_ONBOARDED"
      text={t("customer.tradeAccount.notOnboarded")}
      color="grey"
      testId="tc-trade-account-status"
    />
  ) : (
    <>
      <Tag
        value="ONBOARDED"
        text={t("customer.tradeAccount.onboarded")}
        color="blue"
        testId="tc-trade-account-status"
      />
      {user && (
        <Tag
          value={user.verified ? "VERIFIED" : "NOT_VERIFIED"}
          text={user.verified ? t("customer.tradeAccount.verified") : t("customer.tradeAccount.notVerified")}
          color={user.verified ? "green" : "orange"}
          testId="tc-user-verified"
        />
      )}
    </>
  )

  return (
    <div className="pb-2" data-testid="tc-trade-account">
      <SectionTitle
        aside={
          !isLoading && !error ? (
            <div className="flex items-center gap-x-2">
              {status}
              {!account && !onboarding && (
                <Button size="small" variant="secondary" onClick={() => setOnboarding(true)} data-testid="tc-onboard">
                  {t("customer.onboard.submit")}
                </Button>
              )}
            </div>
          ) : undefined
        }
      >
        {t("customer.tradeAccount.title")}
      </SectionTitle>
      {isLoading ? (
        <Loading />
      ) : error ? (
        <Failed message={t("customer.tradeAccount.loadFailed", { error: describeError(error) })} />
      ) : !account ? (
        onboarding ? (
          <OnboardForm
            customerId={customer.id}
            companyName={customer.company_name ?? null}
            onDone={() => setOnboarding(false)}
          />
        ) : (
          <Text size="small" className="text-ui-fg-muted px-6 py-2">
            {t("customer.tradeAccount.none")}
          </Text>
        )
      ) : (
        <>
          <Row title={t("customer.tradeAccount.business")}>
            <Value testId="tc-trade-name">{account.trade_name}</Value>
          </Row>
          <Row title={t("customer.tradeAccount.company")}>
            <Value mono>
              {account.organization_number
                ? `${account.country_code ?? ""} ${account.organization_number}`.trim()
                : [account.country_code, account.canonical_id].filter(Boolean).join(" ")}
            </Value>
          </Row>
          <Row title={t("customer.tradeAccount.serviceCustomer")}>
            <Value mono testId="tc-service-customer-id">
              {account.service_customer_id}
            </Value>
            <Copy content={account.service_customer_id} />
          </Row>
          {user && (
            <Row title={t("customer.tradeAccount.thisCustomer")}>
              <Text size="small" leading="compact">
                {!user.verified
                  ? t("customer.tradeAccount.notVerifiedYet")
                  : user.verified_at
                    ? t("customer.tradeAccount.verifiedAt", { at: dateTime(user.verified_at) })
                    : t("customer.tradeAccount.verified")}
              </Text>
            </Row>
          )}
          {account.users.length > 1 && (
            <Row title={t("customer.tradeAccount.users")}>
              <Text size="small" leading="compact">
                {t("customer.tradeAccount.usersCount", { count: account.users.length })}
              </Text>
            </Row>
          )}
          {user && !user.verified && (
            <div className="flex flex-col gap-y-2 px-6 py-3">
              <div>
                <Button
                  size="small"
                  variant="secondary"
                  isLoading={sendLink.isPending}
                  onClick={() =>
                    sendLink.mutate(account.id, {
                      onSuccess: () =>
                        toast.success(t("customer.tradeAccount.linkCreated"), {
                          description: t("customer.tradeAccount.linkCreatedDescription"),
                        }),
                    })
                  }
                  data-testid="tc-send-verification"
                >
                  {t("customer.tradeAccount.sendLink")}
                </Button>
              </div>
              {sendLink.data && (
                <Alert variant="info" data-testid="tc-verification-result">
                  <span className="flex min-w-0 items-center gap-x-2">
                    <a
                      href={sendLink.data.redirect_url}
                      target="_blank"
                      rel="noreferrer"
                      className="text-ui-fg-interactive truncate underline"
                      data-testid="tc-verification-url"
                    >
                      {sendLink.data.redirect_url}
                    </a>
                    <Copy content={sendLink.data.redirect_url} />
                  </span>
                </Alert>
              )}
              {sendLink.error && (
                <Alert variant="error" data-testid="tc-verification-error">
                  {t("customer.tradeAccount.linkFailed", { error: describeError(sendLink.error) })}
                </Alert>
              )}
            </div>
          )}
        </>
      )}
    </div>
  )
}

/** Erasure: the customer's requests (case, status) and "Request erasure" under a reference, confirmed first. */
const ErasureSection = ({ customer }: { customer: AdminCustomer }) => {
  const { t } = useTranslation("tradeCredit")
  const { data: requests, isLoading, error } = useCustomerErasureRequests(customer.id)
  const requestErasure = useRequestErasure(customer.id)
  const prompt = usePrompt()
  const [reference, setReference] = useState("")

  const caseText = (value: string) => t(`customer.erasure.case.${value}`, { defaultValue: label(value) })
  const statusText = (value: string) => t(`customer.erasure.status.${value}`, { defaultValue: label(value) })

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const ref = reference.trim()
    if (!ref) return
    const confirmed = await prompt({
      title: t("customer.erasure.confirmTitle"),
      description: t("customer.erasure.confirmDescription", {
        who: customer.email ?? t("customer.erasure.thisCustomer"),
        reference: ref,
      }),
      variant: "danger",
      confirmText: t("customer.erasure.request"),
      cancelText: t("common.cancel"),
    })
    if (!confirmed) return
    requestErasure.mutate(ref, {
      onSuccess: ({ erasure_request, replayed }) => {
        setReference("")
        toast.success(replayed ? t("customer.erasure.replayed") : t("customer.erasure.requested"), {
          description: t("customer.erasure.requestedDescription", {
            case: caseText(erasure_request.case),
            status: statusText(erasure_request.status).toLowerCase(),
          }),
        })
      },
    })
  }

  return (
    <div className="pb-4" data-testid="tc-erasure">
      <SectionTitle>{t("customer.erasure.title")}</SectionTitle>
      {isLoading ? (
        <Loading />
      ) : error ? (
        <Failed message={t("customer.erasure.loadFailed", { error: describeError(error) })} />
      ) : !requests?.length ? (
        <Text size="small" className="text-ui-fg-muted px-6 py-2" data-testid="tc-erasure-none">
          {t("customer.erasure.none")}
        </Text>
      ) : (
        <ul className="flex flex-col gap-y-2 px-6 py-2" data-testid="tc-erasure-list">
          {requests.map((r) => (
            <li key={r.id} className="flex items-center justify-between gap-x-2" data-testid="tc-erasure-request">
              <div className="min-w-0">
                <Text size="small" leading="compact" className="truncate font-mono">
                  {r.reference}
                </Text>
                <Text size="xsmall" className="text-ui-fg-muted">
                  {dateTime(r.submitted_at ?? r.created_at)}
                  {r.anonymised_at ? ` · ${t("customer.erasure.anonymised")}` : ""}
                  {r.error ? ` · ${r.error}` : ""}
                </Text>
              </div>
              <div className="flex shrink-0 items-center gap-x-1">
                <Tag value={r.case} text={caseText(r.case)} testId="tc-erasure-case" />
                <Tag value={r.status} text={statusText(r.status)} testId="tc-erasure-status" />
              </div>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className="flex items-end gap-x-2 px-6 pt-2">
        <div className="flex flex-1 flex-col gap-y-1">
          <Label htmlFor="tc-erasure-reference" size="xsmall" weight="plus">
            {t("customer.erasure.reference")}
          </Label>
          <Input
            id="tc-erasure-reference"
            size="small"
            value={reference}
            onChange={(e) => setReference(e.target.value)}
            placeholder={t("customer.erasure.referencePlaceholder")}
            maxLength={100}
          />
        </div>
        <Button
          size="small"
          variant="danger"
          type="submit"
          disabled={!reference.trim()}
          isLoading={requestErasure.isPending}
          data-testid="tc-request-erasure"
        >
          {t("customer.erasure.request")}
        </Button>
      </form>
      {requestErasure.error && (
        <div className="px-6 pt-3">
          <Alert variant="error" data-testid="tc-erasure-error">
            {t("customer.erasure.failed", { error: describeError(requestErasure.error) })}
          </Alert>
        </div>
      )}
    </div>
  )
}

/**
 * The trade credit side of a customer: the sole-trader enrollment, the trade
 * account (onboard, send the user's verification link) and right-to-erasure
 * requests (irreversible: confirmed in a prompt). Refusals are shown with the
 * route's message and code.
 */
const TradeCreditCustomerWidget = ({ data: customer }: DetailWidgetProps<AdminCustomer>) => {
  const { t } = useTranslation("tradeCredit")
  return (
    <Container className="divide-y p-0" data-testid="trade-credit-customer-widget">
      <div className="flex items-center justify-between px-6 py-4">
        <Heading level="h2">{t("common.title")}</Heading>
      </div>
      <EnrollmentSection customerId={customer.id} />
      <TradeAccountSection customer={customer} />
      <ErasureSection customer={customer} />
    </Container>
  )
}

export const config = defineWidgetConfig({ zone: "customer.details.after" })

export default TradeCreditCustomerWidget
