import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Region settings: the numbers of monthly instalments offered, and invoice terms per customer group or customer. */
export class Migration20261126180708 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "trade_credit_region_setting" add column if not ` +
        `exists "instalment_periods" jsonb null, add column if not exists "invoice_terms_overrides" ` +
        `jsonb null;`,
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "trade_credit_region_setting" drop column if exists ` +
        `"instalment_periods", drop column if exists "invoice_terms_overrides";`,
    )
  }
}
