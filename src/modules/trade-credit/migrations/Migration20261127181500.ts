import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** The returning buyer's matches token, kept in the database so that the buyer's choice may reach any instance (was one
 * process's memory). */
export class Migration20261127181500 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "trade_credit_matches_token" ("customer_id" ` +
        `text not null, "email" text not null, "token" text not null, "expires_at" ` +
        `timestamptz not null, "created_at" timestamptz not null default now(), ` +
        `"updated_at" timestamptz not null default now(), "deleted_at" timestamptz ` +
        `null, constraint "trade_credit_matches_token_pkey" primary key ("customer_id"));`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_trade_credit_matches_token_deleted_at" ` +
        `ON "trade_credit_matches_token" ("deleted_at") WHERE deleted_at IS NULL;`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_trade_credit_matches_token_expires_at" ` +
        `ON "trade_credit_matches_token" ("expires_at") WHERE deleted_at IS NULL;`,
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "trade_credit_matches_token" cascade;`)
  }
}
