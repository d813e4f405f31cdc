import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Which webhook secret verified each event (its fingerprint), for the settings page during a secret rotation. */
export class Migration20261126160000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "trade_credit_webhook_event" add column if not exists "verified_with" text null;`,
    )
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "trade_credit_webhook_event" drop column if exists "verified_with";`)
  }
}
