import { PDFDocument, type PDFFont, type PDFPage, StandardFonts } from "pdf-lib"
import type { IssuedDocument } from "./state/orders"

export type DocumentParties = {
  merchantName: string
  buyerName: string
  buyerNumber: string
  buyerCountry: string
  orderId: string
  merchantOrderId: string
}

const KEEP = 200

/** Rendered PDFs by document number: a document never changes once issued, so each is drawn once. */
export class PdfCache {
  private cache = new Map<string, Promise<Uint8Array>>()

  get(key: string, render: () => Promise<Uint8Array>): Promise<Uint8Array> {
    let pdf = this.cache.get(key)
    if (!pdf) {
      pdf = render()
      pdf.catch(() => this.cache.delete(key))
      this.cache.set(key, pdf)
      if (this.cache.size > KEEP) this.cache.delete(this.cache.keys().next().value as string)
    }
    return pdf
  }

  clear(): void {
    this.cache.clear()
  }
}

/** The standard fonts encode WinAnsi only: anything else prints as "?". */
const printable = (text: string) => text.replace(/[^\x20-\x7E\xA0-\xFF]/g, "?")

class Writer {
  private page!: PDFPage
  private y = 0

  constructor(
    private readonly pdf: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.newPage()
  }

  private newPage() {
    this.page = this.pdf.addPage([595.28, 841.89])
    this.y = 800
  }

  line(text: string, options: { size?: number; bold?: boolean; x?: number; gap?: number } = {}) {
    const size = options.size ?? 10
    if (this.y < 50) this.newPage()
    this.page.drawText(printable(text), {
      x: options.x ?? 50,
      y: this.y,
      size,
      font: options.bold ? this.bold : this.font,
    })
    this.y -= options.gap ?? size + 5
  }

  columns(cells: [string, number][], options: { bold?: boolean } = {}) {
    if (this.y < 50) this.newPage()
    for (const [text, x] of cells) {
      this.page.drawText(printable(text), { x, y: this.y, size: 9, font: options.bold ? this.bold : this.font })
    }
    this.y -= 14
  }

  space(points: number) {
    this.y -= points
  }
}

const COLUMNS = [50, 280, 330, 400, 460, 520]

/** A minimal invoice or credit note: number, merchant, buyer, lines and totals. */
export async function renderDocument(doc: IssuedDocument, parties: DocumentParties): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  const title = doc.kind === "invoice" ? "Invoice" : "Credit note"
  pdf.setTitle(`${title} ${doc.number}`)
  pdf.setProducer("trade-credit simulator")
  pdf.setCreationDate(new Date(doc.issued_at))
  pdf.setModificationDate(new Date(doc.issued_at))
  const w = new Writer(
    pdf,
    await pdf.embedFont(StandardFonts.Helvetica),
    await pdf.embedFont(StandardFonts.HelveticaBold),
  )
  w.line(`${title} ${doc.number}`, { size: 18, bold: true, gap: 28 })
  w.line(`Issued: ${doc.issued_at.slice(0, 10)}`)
  w.line(`Order: ${parties.orderId} (merchant order ${parties.merchantOrderId})`)
  w.space(10)
  w.line("Seller", { bold: true })
  w.line(parties.merchantName)
  w.space(6)
  w.line("Buyer", { bold: true })
  w.line(parties.buyerName)
  w.line(`${parties.buyerCountry} ${parties.buyerNumber}`, { gap: 25 })
  if (doc.line_items && doc.line_items.length > 0) {
    const head = ["Item", "Qty", "Unit price", "Net", "Tax", "Gross"]
    w.columns(
      head.map((h, i) => [h, COLUMNS[i]] as [string, number]),
      { bold: true },
    )
    for (const line of doc.line_items) {
      const cells = [
        line.name.slice(0, 45),
        line.quantity,
        line.unit_price.replace(/0{1,4}$/, ""),
        line.net_amount,
        line.tax_amount,
        line.gross_amount,
      ]
      w.columns(cells.map((c, i) => [c, COLUMNS[i]] as [string, number]))
    }
    w.space(10)
  }
  if (doc.net_amount !== null) w.line(`Net: ${doc.net_amount} ${doc.currency}`)
  if (doc.tax_amount !== null) w.line(`Tax: ${doc.tax_amount} ${doc.currency}`)
  w.line(`${doc.kind === "invoice" ? "Total due" : "Total credited"}: ${doc.gross_amount} ${doc.currency}`, {
    bold: true,
    size: 12,
  })
  return pdf.save()
}
