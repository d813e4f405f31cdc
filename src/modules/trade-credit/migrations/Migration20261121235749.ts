import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261121235749 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "trade_credit_repayment_plan_session" drop constraint ` +
        `if exists "trade_credit_repayment_plan_session_plan_id_unique";`,
    )
    this.addSql(
      `alter table if exists "trade_credit_buyer_repayment_account" drop constraint ` +
        `if exists "trade_credit_buyer_repayment_account_buyer_key_company_key_unique";`,
    )
    this.addSql(
      `create table if not exists "trade_credit_buyer_repayment_account" ("id" ` +
        `text not null, "buyer_key" text not null, "company_key" text not null, ` +
        `"account_id" text not null, "digest" text not null, "body" jsonb not null, ` +
        `"created_at" timestamptz not null default now(), "updated_at" timestamptz ` +
        `not null default now(), "deleted_at" timestamptz null, ` +
        `constraint "trade_credit_buyer_repayment_account_pkey" ` +
        `primary key ("id"));`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_trade_credit_buyer_repayment_account_deleted_at" ` +
        `ON "trade_credit_buyer_repayment_account" ("deleted_at") WHERE deleted_at ` +
        `IS NULL;`,
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_trade_credit_buyer_repayment_account_buyer_key_company_key_unique" ` +
        `ON "trade_credit_buyer_repayment_account" ("buyer_key", "company_key") ` +
        `WHERE deleted_at IS NULL;`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_trade_credit_buyer_repayment_account_account_id" ` +
        `ON "trade_credit_buyer_repayment_account" ("account_id") WHERE deleted_at ` +
        `IS NULL;`,
    )

    this.addSql(
      `create table if not exists "trade_credit_repayment_plan_session" ("id" ` +
        `text not null, "plan_id" text not null, "session_id" text not null, "account_id" ` +
        `text not null, "amount" text not null, "currency" text not null, "state" ` +
        `text check ("state" in ('pending', 'authorized', 'rejected', 'cancelled')) ` +
        `not null default 'pending', "funding_status" text not null default 'PENDING', ` +
        `"created_at" timestamptz not null default now(), "updated_at" timestamptz ` +
        `not null default now(), "deleted_at" timestamptz null, ` +
        `constraint "trade_credit_repayment_plan_session_pkey" ` +
        `primary key ("id"));`,
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_trade_credit_repayment_plan_session_plan_id_unique" ` +
        `ON "trade_credit_repayment_plan_session" ("plan_id") WHERE deleted_at ` +
        `IS NULL;`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_trade_credit_repayment_plan_session_deleted_at" ` +
        `ON "trade_credit_repayment_plan_session" ("deleted_at") WHERE deleted_at ` +
        `IS NULL;`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_trade_credit_repayment_plan_session_session_id" ` +
        `ON "trade_credit_repayment_plan_session" ("session_id") WHERE deleted_at ` +
        `IS NULL;`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_trade_credit_repayment_plan_session_state" ` +
        `ON "trade_credit_repayment_plan_session" ("state") WHERE deleted_at IS ` +
        `NULL;`,
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "trade_credit_buyer_repayment_account" cascade;`)

    this.addSql(`drop table if exists "trade_credit_repayment_plan_session" cascade;`)
  }
}
