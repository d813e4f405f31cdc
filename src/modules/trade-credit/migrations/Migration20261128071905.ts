import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Approved answers of the service kept a while for reuse by every instance (model KeptCheck): the pre-check's
 * intent reused by the payment session, instalment credit checks, companies a search described. */
export class Migration20261128071905 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "trade_credit_kept_check" ("key" text not null, "answer" jsonb not null, ` +
        `"tracking_id" text null, "spent_at" timestamptz null, "expires_at" timestamptz not null, ` +
        `"created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), ` +
        `"deleted_at" timestamptz null, constraint "trade_credit_kept_check_pkey" primary key ("key"));`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_trade_credit_kept_check_expires_at" ` +
        `ON "trade_credit_kept_check" ("expires_at") WHERE deleted_at IS NULL;`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_trade_credit_kept_check_tracking_id" ` +
        `ON "trade_credit_kept_check" ("tracking_id") WHERE deleted_at IS NULL;`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_trade_credit_kept_check_deleted_at" ` +
        `ON "trade_credit_kept_check" ("deleted_at") WHERE deleted_at IS NULL;`,
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "trade_credit_kept_check" cascade;`)
  }
}
