import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** After the invoice (issue #38): the buyers' documents and their lives, companies' credit and arrears, and the event
 * types acknowledged without being acted on. */
export class Migration20261128105346 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "trade_credit_received_event_type" drop constraint if exists ` +
        `"trade_credit_received_event_type_type_unique";`,
    )
    this.addSql(
      `alter table if exists "trade_credit_receivable_entry" drop constraint if exists ` +
        `"trade_credit_receivable_entry_event_id_unique";`,
    )
    this.addSql(
      `alter table if exists "trade_credit_receivable" drop constraint if exists ` +
        `"trade_credit_receivable_kind_document_id_unique";`,
    )
    this.addSql(
      `alter table if exists "trade_credit_company_credit" drop constraint if exists ` +
        `"trade_credit_company_credit_company_key_unique";`,
    )
    this.addSql(
      `create table if not exists "trade_credit_company_credit" ("id" text not null, "company_key" text not ` +
        `null, "organization_number" text not null, "country_code" text null, "company_name" text null, ` +
        `"currency_code" text null, "credit_limit" numeric null, "credit_limit_balance" numeric null, ` +
        `"max_single_order_value" numeric null, "credit_approved" boolean null, "decline_reason" text null, ` +
        `"in_arrears" boolean not null default false, "arrears_state" text check ("arrears_state" in ('none', ` +
        `'approaching', 'blocked')) not null default 'none', "days_in_arrears" integer null, ` +
        `"days_until_arrears" integer null, "earliest_invoice_number" text null, "earliest_invoice_due_date" ` +
        `text null, "limit_event_at" timestamptz null, "arrears_event_at" timestamptz null, ` +
        `"raw_credit_limit" jsonb null, "raw_credit_limit_balance" jsonb null, "raw_max_single_order_value" ` +
        `jsonb null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null ` +
        `default now(), "deleted_at" timestamptz null, constraint "trade_credit_company_credit_pkey" primary ` +
        `key ("id"));`,
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_trade_credit_company_credit_company_key_unique" ON ` +
        `"trade_credit_company_credit" ("company_key") WHERE deleted_at IS NULL;`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_trade_credit_company_credit_deleted_at" ON ` +
        `"trade_credit_company_credit" ("deleted_at") WHERE deleted_at IS NULL;`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_trade_credit_company_credit_organization_number" ON ` +
        `"trade_credit_company_credit" ("organization_number") WHERE deleted_at IS NULL;`,
    )

    this.addSql(
      `create table if not exists "trade_credit_receivable" ("id" text not null, "kind" text check ("kind" ` +
        `in ('invoice', 'credit_note', 'instalment_invoice', 'statement')) not null, "document_id" text not ` +
        `null, "service_order_id" text null, "order_id" text null, "customer_id" text null, "company_key" ` +
        `text null, "company_name" text null, "number" text null, "payment_reference" text null, ` +
        `"currency_code" text not null, "amount" numeric not null, "paid_amount" numeric null, ` +
        `"credited_amount" numeric null, "collected_amount" numeric null, "recoursed_amount" numeric null, ` +
        `"outstanding_amount" numeric null, "status" text check ("status" in ('open', 'part_paid', 'paid', ` +
        `'credited', 'in_collection', 'recoursed')) not null default 'open', "issued_at" timestamptz null, ` +
        `"due_at" timestamptz null, "settled_at" timestamptz null, "document_url" text null, "details" jsonb ` +
        `null, "read_at" timestamptz null, "raw_amount" jsonb not null, "raw_paid_amount" jsonb null, ` +
        `"raw_credited_amount" jsonb null, "raw_collected_amount" jsonb null, "raw_recoursed_amount" jsonb ` +
        `null, "raw_outstanding_amount" jsonb null, "created_at" timestamptz not null default now(), ` +
        `"updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint ` +
        `"trade_credit_receivable_pkey" primary key ("id"));`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_trade_credit_receivable_deleted_at" ON "trade_credit_receivable" ` +
        `("deleted_at") WHERE deleted_at IS NULL;`,
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_trade_credit_receivable_kind_document_id_unique" ON ` +
        `"trade_credit_receivable" ("kind", "document_id") WHERE deleted_at IS NULL;`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_trade_credit_receivable_order_id" ON "trade_credit_receivable" ` +
        `("order_id") WHERE deleted_at IS NULL;`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_trade_credit_receivable_customer_id" ON "trade_credit_receivable" ` +
        `("customer_id") WHERE deleted_at IS NULL;`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_trade_credit_receivable_company_key" ON "trade_credit_receivable" ` +
        `("company_key") WHERE deleted_at IS NULL;`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_trade_credit_receivable_status_due_at" ON "trade_credit_receivable" ` +
        `("status", "due_at") WHERE deleted_at IS NULL;`,
    )

    this.addSql(
      `create table if not exists "trade_credit_receivable_entry" ("id" text not null, "event_id" text not ` +
        `null, "receivable_id" text not null, "kind" text check ("kind" in ('invoiced', 'payment', ` +
        `'payment_reversed', 'credited', 'collected', 'recoursed', 'instalment_invoiced', ` +
        `'statement_issued')) not null, "amount" numeric not null, "currency_code" text not null, ` +
        `"occurred_at" timestamptz not null, "reference" text null, "raw_amount" jsonb not null, "created_at" ` +
        `timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" ` +
        `timestamptz null, constraint "trade_credit_receivable_entry_pkey" primary key ("id"));`,
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_trade_credit_receivable_entry_event_id_unique" ON ` +
        `"trade_credit_receivable_entry" ("event_id") WHERE deleted_at IS NULL;`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_trade_credit_receivable_entry_deleted_at" ON ` +
        `"trade_credit_receivable_entry" ("deleted_at") WHERE deleted_at IS NULL;`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_trade_credit_receivable_entry_receivable_id_occurred_at" ON ` +
        `"trade_credit_receivable_entry" ("receivable_id", "occurred_at") WHERE deleted_at IS NULL;`,
    )

    this.addSql(
      `create table if not exists "trade_credit_received_event_type" ("id" text not null, "type" text not ` +
        `null, "count" integer not null default 0, "last_received_at" timestamptz not null, "created_at" ` +
        `timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" ` +
        `timestamptz null, constraint "trade_credit_received_event_type_pkey" primary key ("id"));`,
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_trade_credit_received_event_type_type_unique" ON ` +
        `"trade_credit_received_event_type" ("type") WHERE deleted_at IS NULL;`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_trade_credit_received_event_type_deleted_at" ON ` +
        `"trade_credit_received_event_type" ("deleted_at") WHERE deleted_at IS NULL;`,
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "trade_credit_company_credit" cascade;`)

    this.addSql(`drop table if exists "trade_credit_receivable" cascade;`)

    this.addSql(`drop table if exists "trade_credit_receivable_entry" cascade;`)

    this.addSql(`drop table if exists "trade_credit_received_event_type" cascade;`)
  }
}
