import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Region settings: what a buyer whose company is in an arrears block sees at the pre-check (issue #38). */
export class Migration20261128105739 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "trade_credit_region_setting" add column if not exists "arrears_block_display" text ` +
        `check ("arrears_block_display" in ('hide', 'grey')) not null default 'hide';`,
    )
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "trade_credit_region_setting" drop column if exists "arrears_block_display";`)
  }
}
