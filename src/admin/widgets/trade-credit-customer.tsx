import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminCustomer, DetailWidgetProps } from "@medusajs/framework/types"
import { Alert, Badge, Button, Container, Copy, Heading, Input, Label, RadioGroup, Skeleton, Text, toast, usePrompt } from "@medusajs/ui"
import { useState, type FormEvent, type ReactNode } from "react"
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

/** Colours of enrollment statuses, erasure cases and erasure statuses. */
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
const Tag = ({ value, testId, color }: { value: string; testId?: string; color?: BadgeColor }) => (
  <Badge size="2xsmall" color={color ?? COLORS[value] ?? "grey"} data-testid={testId}>
    {label(value)}
  </Badge>
)
const dateTime = (value: string | null | undefined) =>
  value ? new Date(value).toLocaleString(undefined, { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" }) : "-"

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
const Failed = ({ what, error }: { what: string; error: unknown }) => (
  <div className="px-6 py-3">
    <Alert variant="error">
      Could not load {what}: {describeError(error)}
    </Alert>
  </div>
)

/** Sole-trader enrollment: status, organization number, company name, country, decided at. */
const EnrollmentSection = ({ customerId }: { customerId: string }) => {
  const { data: enrollment, isLoading, error } = useCustomerEnrollment(customerId)
  return (
    <div className="pb-2" data-testid="tc-enrollment">
      <SectionTitle aside={enrollment ? <Tag value={enrollment.status} testId="tc-enrollment-status" /> : undefined}>Sole trader</SectionTitle>
      {isLoading ? (
        <Loading />
      ) : error ? (
        <Failed what="the sole-trader enrollment" error={error} />
      ) : !enrollment ? (
        <Text size="small" className="text-ui-fg-muted px-6 py-2" data-testid="tc-enrollment-none">
          Not enrolled as a sole trader.
        </Text>
      ) : (
        <>
          <Row title="Organization number">
            <Value testId="tc-enrollment-org" mono>
              {enrollment.organization_number}
            </Value>
            {enrollment.organization_number && <Copy content={enrollment.organization_number} />}
          </Row>
          <Row title="Company name">
            <Value testId="tc-enrollment-company">{enrollment.company_name}</Value>
          </Row>
          <Row title="Country">
            <Value testId="tc-enrollment-country">{enrollment.country_code}</Value>
          </Row>
          <Row title="Decided at">
            <Value testId="tc-enrollment-decided">{enrollment.decided_at ? dateTime(enrollment.decided_at) : "Not decided yet"}</Value>
          </Row>
          {enrollment.proposal_id && (
            <Row title="Proposal">
              <Value mono>{enrollment.proposal_id}</Value>
            </Row>
          )}
        </>
      )}
    </div>
  )
}

/** "Onboard": the company by the company search's canonical id, or by country and organization number. */
const OnboardForm = ({ customerId, companyName, onDone }: { customerId: string; companyName: string | null; onDone: () => void }) => {
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
          toast.success(onboarded ? "Onboarded as a trade account customer" : "Already onboarded: nothing changed")
          onDone()
        },
      }
    )
  }

  return (
    <form onSubmit={submit} className="mx-6 mb-4 flex flex-col gap-y-3 rounded-lg border border-ui-border-base p-4" data-testid="tc-onboard-form">
      <Text size="small" className="text-ui-fg-subtle">
        Onboard this customer's company at the trade credit service; the customer becomes its first user.
      </Text>
      <RadioGroup value={by} onValueChange={(v) => setBy(v as typeof by)} className="flex gap-x-6">
        <div className="flex items-center gap-x-2">
          <RadioGroup.Item value="organization_number" id="tc-by-org" />
          <Label htmlFor="tc-by-org" size="small">
            Organization number
          </Label>
        </div>
        <div className="flex items-center gap-x-2">
          <RadioGroup.Item value="canonical_id" id="tc-by-canonical" />
          <Label htmlFor="tc-by-canonical" size="small">
            Company id (company search)
          </Label>
        </div>
      </RadioGroup>
      {by === "canonical_id" ? (
        <div className="flex flex-col gap-y-1">
          <Label htmlFor="tc-canonical-id" size="xsmall" weight="plus">
            Company id
          </Label>
          <Input id="tc-canonical-id" size="small" value={canonicalId} onChange={(e) => setCanonicalId(e.target.value)} placeholder="The company search's canonical id" />
        </div>
      ) : (
        <div className="grid grid-cols-[6rem_1fr] gap-x-3">
          <div className="flex flex-col gap-y-1">
            <Label htmlFor="tc-country" size="xsmall" weight="plus">
              Country
            </Label>
            <Input id="tc-country" size="small" maxLength={2} value={country} onChange={(e) => setCountry(e.target.value.toUpperCase())} placeholder="GB" />
          </div>
          <div className="flex flex-col gap-y-1">
            <Label htmlFor="tc-org-number" size="xsmall" weight="plus">
              Organization number
            </Label>
            <Input id="tc-org-number" size="small" value={orgNumber} onChange={(e) => setOrgNumber(e.target.value)} placeholder="e.g. 09876543" />
          </div>
        </div>
      )}
      <div className="flex flex-col gap-y-1">
        <Label htmlFor="tc-trade-name" size="xsmall" weight="plus">
          Trade name
        </Label>
        <Input
          id="tc-trade-name"
          size="small"
          value={tradeName}
          onChange={(e) => setTradeName(e.target.value)}
          placeholder={companyName ? `Defaults to ${companyName}` : "Required: the customer has no company name"}
        />
      </div>
      {onboard.error && (
        <Alert variant="error" data-testid="tc-onboard-error">
          Could not onboard: {describeError(onboard.error)}
        </Alert>
      )}
      <div className="flex justify-end gap-x-2">
        <Button size="small" variant="secondary" type="button" onClick={onDone} disabled={onboard.isPending}>
          Cancel
        </Button>
        <Button size="small" type="submit" disabled={!company} isLoading={onboard.isPending} data-testid="tc-onboard-submit">
          Onboard
        </Button>
      </div>
    </form>
  )
}

/** Trade account: not onboarded / onboarded, the customer's user verified or not; "Onboard" and "Send verification link". */
const TradeAccountSection = ({ customer }: { customer: AdminCustomer }) => {
  const { data, isLoading, error } = useCustomerTradeAccount(customer.id)
  const sendLink = useSendVerificationLink(customer.id)
  const [onboarding, setOnboarding] = useState(false)
  const account = data?.trade_account ?? null
  const user = data?.user ?? null

  const status = !account ? (
    <Tag value="Not onboarded" color="grey" testId="tc-trade-account-status" />
  ) : (
    <>
      <Tag value="Onboarded" color="blue" testId="tc-trade-account-status" />
      {user && <Tag value={user.verified ? "Verified" : "Not verified"} color={user.verified ? "green" : "orange"} testId="tc-user-verified" />}
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
                  Onboard
                </Button>
              )}
            </div>
          ) : undefined
        }
      >
        Trade account
      </SectionTitle>
      {isLoading ? (
        <Loading />
      ) : error ? (
        <Failed what="the trade account" error={error} />
      ) : !account ? (
        onboarding ? (
          <OnboardForm customerId={customer.id} companyName={customer.company_name ?? null} onDone={() => setOnboarding(false)} />
        ) : (
          <Text size="small" className="text-ui-fg-muted px-6 py-2">
            Not a user of any trade account.
          </Text>
        )
      ) : (
        <>
          <Row title="Business">
            <Value testId="tc-trade-name">{account.trade_name}</Value>
          </Row>
          <Row title="Company">
            <Value mono>
              {account.organization_number
                ? `${account.country_code ?? ""} ${account.organization_number}`.trim()
                : [account.country_code, account.canonical_id].filter(Boolean).join(" ")}
            </Value>
          </Row>
          <Row title="Service customer">
            <Value mono testId="tc-service-customer-id">
              {account.service_customer_id}
            </Value>
            <Copy content={account.service_customer_id} />
          </Row>
          {user && (
            <Row title="This customer">
              <Text size="small" leading="compact">
                {user.verified ? `Verified ${user.verified_at ? dateTime(user.verified_at) : ""}`.trim() : "Has not verified yet"}
              </Text>
            </Row>
          )}
          {account.users.length > 1 && (
            <Row title="Users">
              <Text size="small" leading="compact">
                {account.users.length} customers order for this business
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
                      onSuccess: () => toast.success("Verification link created", { description: "It was also emitted for your mailer to send." }),
                    })
                  }
                  data-testid="tc-send-verification"
                >
                  Send verification link
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
                  Could not create the verification link: {describeError(sendLink.error)}
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
  const { data: requests, isLoading, error } = useCustomerErasureRequests(customer.id)
  const requestErasure = useRequestErasure(customer.id)
  const prompt = usePrompt()
  const [reference, setReference] = useState("")

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const ref = reference.trim()
    if (!ref) return
    const confirmed = await prompt({
      title: "Request erasure?",
      description: `The trade credit service will be asked to erase the personal data of ${customer.email ?? "this customer"} under the reference ${ref}, and the plugin's own copies are anonymised when the service can erase it. This cannot be undone.`,
      variant: "danger",
      confirmText: "Request erasure",
      cancelText: "Cancel",
    })
    if (!confirmed) return
    requestErasure.mutate(ref, {
      onSuccess: ({ erasure_request, replayed }) => {
        setReference("")
        toast.success(replayed ? "This reference was requested before: nothing was sent again" : "Erasure requested", {
          description: `Case: ${label(erasure_request.case)}, ${erasure_request.status}`,
        })
      },
    })
  }

  return (
    <div className="pb-4" data-testid="tc-erasure">
      <SectionTitle>Erasure requests</SectionTitle>
      {isLoading ? (
        <Loading />
      ) : error ? (
        <Failed what="the erasure requests" error={error} />
      ) : !requests?.length ? (
        <Text size="small" className="text-ui-fg-muted px-6 py-2" data-testid="tc-erasure-none">
          None for this customer.
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
                  {r.anonymised_at ? " · plugin data anonymised" : ""}
                  {r.error ? ` · ${r.error}` : ""}
                </Text>
              </div>
              <div className="flex shrink-0 items-center gap-x-1">
                <Tag value={r.case} testId="tc-erasure-case" />
                <Tag value={r.status} testId="tc-erasure-status" />
              </div>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className="flex items-end gap-x-2 px-6 pt-2">
        <div className="flex flex-1 flex-col gap-y-1">
          <Label htmlFor="tc-erasure-reference" size="xsmall" weight="plus">
            Your data-protection request reference
          </Label>
          <Input
            id="tc-erasure-reference"
            size="small"
            value={reference}
            onChange={(e) => setReference(e.target.value)}
            placeholder="e.g. DSR-2024-017"
            maxLength={100}
          />
        </div>
        <Button size="small" variant="danger" type="submit" disabled={!reference.trim()} isLoading={requestErasure.isPending} data-testid="tc-request-erasure">
          Request erasure
        </Button>
      </form>
      {requestErasure.error && (
        <div className="px-6 pt-3">
          <Alert variant="error" data-testid="tc-erasure-error">
            Could not request the erasure: {describeError(requestErasure.error)}
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
const TradeCreditCustomerWidget = ({ data: customer }: DetailWidgetProps<AdminCustomer>) => (
  <Container className="divide-y p-0" data-testid="trade-credit-customer-widget">
    <div className="flex items-center justify-between px-6 py-4">
      <Heading level="h2">Trade credit</Heading>
    </div>
    <EnrollmentSection customerId={customer.id} />
    <TradeAccountSection customer={customer} />
    <ErasureSection customer={customer} />
  </Container>
)

export const config = defineWidgetConfig({ zone: "customer.details.after" })

export default TradeCreditCustomerWidget
