import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Region settings: when orders are invoiced, the invoices' language, and whether a declined buyer sees the method. */
export class Migration20261126192246 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "trade_credit_region_setting" add column if not ` +
        `exists "capture_on" text check ("capture_on" in ('order', 'shipment', ` +
        `'fulfillment', 'manual')) null, add column if not exists "invoice_language" ` +
        `text null, add column if not exists "hide_when_declined" boolean not null ` +
        `default true;`,
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "trade_credit_region_setting" drop column if exists ` +
        `"capture_on", drop column if exists "invoice_language", drop column if ` +
        `exists "hide_when_declined";`,
    )
  }
}
