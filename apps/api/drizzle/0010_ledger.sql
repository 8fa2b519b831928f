CREATE TABLE "ledger_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"order_id" integer,
	"payment_attempt_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_txid" bigint DEFAULT txid_current() NOT NULL,
	CONSTRAINT "ledger_entries_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" IN ('payment_received', 'refund_due', 'refund_paid', 'order_completed', 'clawback'))
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_postings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entry_id" integer NOT NULL,
	"account" text NOT NULL,
	"monastery_id" integer,
	"amount_paisa" bigint NOT NULL,
	"currency" text DEFAULT 'NPR' NOT NULL,
	CONSTRAINT "ledger_postings_account_check" CHECK ("ledger_postings"."account" IN ('esewa_clearing', 'khalti_clearing', 'held_for_orders', 'refunds_payable',
        'monastery_payable', 'platform_commission', 'payouts_in_transit')),
	CONSTRAINT "ledger_postings_monastery_check" CHECK (("ledger_postings"."account" IN ('monastery_payable', 'payouts_in_transit')) = ("ledger_postings"."monastery_id" IS NOT NULL)),
	CONSTRAINT "ledger_postings_amount_check" CHECK ("ledger_postings"."amount_paisa" <> 0),
	CONSTRAINT "ledger_postings_currency_check" CHECK ("ledger_postings"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payment_attempt_id_payment_attempts_id_fk" FOREIGN KEY ("payment_attempt_id") REFERENCES "public"."payment_attempts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_monastery_id_monasteries_id_fk" FOREIGN KEY ("monastery_id") REFERENCES "public"."monasteries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_order_id_index" ON "ledger_entries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_entry_id_index" ON "ledger_postings" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_account_index" ON "ledger_postings" USING btree ("account","monastery_id");--> statement-breakpoint
-- The ledger is append-only (docs/decisions/031): a correction is a new entry, never an edit.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % is refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'integrity_constraint_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
CREATE TRIGGER ledger_postings_append_only BEFORE UPDATE OR DELETE ON "ledger_postings"
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
CREATE TRIGGER ledger_postings_no_truncate BEFORE TRUNCATE ON "ledger_postings"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
-- An entry gains postings only in the transaction that wrote it: lines added later to an entry already
-- committed, even balanced ones, would rewrite history, and a correction is a new entry.
CREATE FUNCTION ledger_refuse_late_posting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM ledger_entries WHERE id = NEW.entry_id AND created_txid = txid_current()
  ) THEN
    RAISE EXCEPTION 'ledger entry % was written by another transaction: its postings are final', NEW.entry_id
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER ledger_postings_with_their_entry BEFORE INSERT ON "ledger_postings"
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_late_posting();--> statement-breakpoint
-- Each entry's postings sum to zero per currency, checked at commit: the postings of one entry are
-- inserted one statement after the entry, so the check waits for the transaction to end.
CREATE FUNCTION ledger_check_entry_balances() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced text;
BEGIN
  SELECT string_agg(currency || ' ' || total, ', ') INTO unbalanced
  FROM (
    SELECT currency, sum(amount_paisa) AS total FROM ledger_postings
    WHERE entry_id = NEW.entry_id GROUP BY currency HAVING sum(amount_paisa) <> 0
  ) AS off;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'ledger entry % does not balance: %', NEW.entry_id, unbalanced
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_postings_balance AFTER INSERT ON "ledger_postings"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_entry_balances();--> statement-breakpoint
-- The books of the money already stored, with the keys the live code uses (ledger.service.ts, ledgerKeys),
-- so nothing is posted twice afterwards. A payment refunded at the moment it was received (its refund due
-- at its completion) went straight to refunds payable; any other refund was held first.
INSERT INTO "ledger_entries" ("idempotency_key", "kind", "order_id", "payment_attempt_id", "created_at")
SELECT 'payment-received:' || p.id, 'payment_received', p.order_id, p.id, coalesce(p.completed_at, p.updated_at)
FROM "payment_attempts" p WHERE p.status = 'Completed'
UNION ALL
SELECT 'refund-due:' || p.id, 'refund_due', p.order_id, p.id, p.refund_due_at
FROM "payment_attempts" p
WHERE p.refund_status IS NOT NULL AND p.refund_due_at IS DISTINCT FROM p.completed_at
UNION ALL
SELECT 'refund-paid:' || p.id, 'refund_paid', p.order_id, p.id, p.refunded_at
FROM "payment_attempts" p WHERE p.refund_status = 'refunded'
UNION ALL
SELECT 'order-completed:' || o.id, 'order_completed', o.id, p.id, coalesce(o.closed_at, o.updated_at)
FROM "orders" o
JOIN "payment_attempts" p ON p.order_id = o.id AND p.status = 'Completed' AND p.refund_status IS NULL
WHERE o.status = 'completed';--> statement-breakpoint
-- Commission at the default 1000 basis points (10 %), rounded half up to the paisa as commissionOf does.
INSERT INTO "ledger_postings" ("entry_id", "account", "monastery_id", "amount_paisa")
SELECT e.id, posting.account, posting.monastery_id, posting.amount
FROM "ledger_entries" e
JOIN "payment_attempts" p ON p.id = e.payment_attempt_id
JOIN "orders" o ON o.id = e.order_id
CROSS JOIN LATERAL (VALUES
  ('payment_received', p.provider || '_clearing', NULL::integer, p.amount_paisa::bigint),
  ('payment_received',
    CASE WHEN p.refund_status IS NOT NULL AND p.refund_due_at = p.completed_at
      THEN 'refunds_payable' ELSE 'held_for_orders' END,
    NULL, -p.amount_paisa::bigint),
  ('refund_due', 'held_for_orders', NULL, p.amount_paisa::bigint),
  ('refund_due', 'refunds_payable', NULL, -p.amount_paisa::bigint),
  ('refund_paid', 'refunds_payable', NULL, p.amount_paisa::bigint),
  ('refund_paid', p.provider || '_clearing', NULL, -p.amount_paisa::bigint),
  ('order_completed', 'held_for_orders', NULL, p.amount_paisa::bigint),
  ('order_completed', 'monastery_payable', o.monastery_id,
    -(p.amount_paisa - (p.amount_paisa::bigint * 1000 + 5000) / 10000)),
  ('order_completed', 'platform_commission', NULL, -((p.amount_paisa::bigint * 1000 + 5000) / 10000))
) AS posting(kind, account, monastery_id, amount)
WHERE posting.kind = e.kind AND posting.amount <> 0;
