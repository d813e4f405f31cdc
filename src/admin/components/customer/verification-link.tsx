import { Alert, Button, Copy, toast } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { describeError, type useSendVerificationLink } from "../../lib/trade-credit-customer-api"

/** "Send verification link" for the customer's unverified user, and the link made (or why not). */
export const VerificationLink = ({
  tradeAccountId,
  sendLink,
}: {
  tradeAccountId: string
  /** Held by the section, so that the link made stays shown while the account is read again. */
  sendLink: ReturnType<typeof useSendVerificationLink>
}) => {
  const { t } = useTranslation("tradeCredit")
  return (
    <div className="flex flex-col gap-y-2 px-6 py-3">
      <div>
        <Button
          size="small"
          variant="secondary"
          isLoading={sendLink.isPending}
          onClick={() =>
            sendLink.mutate(tradeAccountId, {
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
  )
}
