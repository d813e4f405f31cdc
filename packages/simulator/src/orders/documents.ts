import type { SimulatorContext } from "../context"

/** Invoice, credit note and statement numbers, one sequence each for the whole simulator. */
export class DocumentNumbers {
  private invoices = 0
  private creditNotes = 0
  private statements = 0

  nextInvoice(): string {
    return `INV-${String(++this.invoices).padStart(6, "0")}`
  }

  nextCreditNote(): string {
    return `CN-${String(++this.creditNotes).padStart(6, "0")}`
  }

  /** Billing statements are numbered 1, 2, 3... (the published `statement_number` is an integer). */
  nextStatement(): number {
    return ++this.statements
  }

  reset(): void {
    this.invoices = 0
    this.creditNotes = 0
    this.statements = 0
  }
}

/**
 * URLs of the PDF route (contract section 2): the order's invoice_url
 * (v=original: the latest invoice), its credit_note_url (the latest credit
 * note), and one document by number (`number=`) for each fulfilment and refund.
 */
export const documentUrls = {
  invoice: (ctx: SimulatorContext, orderId: string) => `${ctx.baseUrl}/v1/invoice/${orderId}/pdf?lang=en_US&v=original`,
  creditNote: (ctx: SimulatorContext, orderId: string) => `${ctx.baseUrl}/v1/invoice/${orderId}/pdf?lang=en_US`,
  byNumber: (ctx: SimulatorContext, orderId: string, number: string) =>
    `${ctx.baseUrl}/v1/invoice/${orderId}/pdf?lang=en_US&number=${encodeURIComponent(number)}`,
}

export const verificationUrl = (ctx: SimulatorContext, orderId: string) => `${ctx.baseUrl}/verify/${orderId}`
