CREATE TABLE "refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"payment_attempt_id" integer NOT NULL,
	"amount_paisa" integer NOT NULL,
	"reason" text NOT NULL,
	"state" text DEFAULT 'due' NOT NULL,
	"idempotency_key" text NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_by" integer,
	"requested_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"provider_reference" text,
	"refunded_by" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount_paisa" > 0),
	CONSTRAINT "refunds_reason_check" CHECK ("refunds"."reason" IN ('declined', 'cancelled', 'expired', 'duplicate', 'concern')),
	CONSTRAINT "refunds_state_check" CHECK ("refunds"."state" IN ('due', 'requested', 'refunded')),
	CONSTRAINT "refunds_refunded_check" CHECK (("refunds"."state" = 'refunded') = ("refunds"."refunded_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_attempt_id_payment_attempts_id_fk" FOREIGN KEY ("payment_attempt_id") REFERENCES "public"."payment_attempts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_due_by_users_id_fk" FOREIGN KEY ("due_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_refunded_by_users_id_fk" FOREIGN KEY ("refunded_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_payment_index" ON "refunds" USING btree ("payment_attempt_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_one_open_per_payment" ON "refunds" USING btree ("payment_attempt_id") WHERE "refunds"."state" IN ('due', 'requested');--> statement-breakpoint
CREATE INDEX "refunds_open_index" ON "refunds" USING btree ("due_at") WHERE "refunds"."state" IN ('due', 'requested');--> statement-breakpoint
-- Refunds become rows of their own (docs/decisions/044). A payment carried at most one refund until now:
-- each becomes one row, with the key the live code would have given it (a concern's refund is named by
-- its concern, any other by its payment), and a payment whose refund returns all of it is released (the
-- order no longer keeps it). Their ledger entries stay as posted, under the keys of then.
INSERT INTO "refunds" ("payment_attempt_id", "amount_paisa", "reason", "state", "idempotency_key", "due_at",
    "requested_at", "refunded_at", "provider_reference", "refunded_by", "error", "created_at", "updated_at")
  SELECT pa."id", coalesce(pa."refund_amount_paisa", pa."amount_paisa"), pa."refund_reason", pa."refund_status",
    coalesce(
      (SELECT 'concern:' || c."id" FROM "order_concerns" c
        WHERE c."refund_payment_id" = pa."id" AND c."status" = 'refunded' ORDER BY c."id" DESC LIMIT 1),
      'release:' || pa."id"),
    pa."refund_due_at", pa."refund_requested_at", pa."refunded_at", pa."refund_reference", pa."refunded_by",
    pa."refund_error", pa."refund_due_at", pa."updated_at"
  FROM "payment_attempts" pa
  WHERE pa."refund_status" IS NOT NULL
  ORDER BY pa."refund_due_at", pa."id";--> statement-breakpoint
UPDATE "payment_attempts" SET "released_at" = "refund_due_at"
  WHERE "refund_status" IS NOT NULL AND "refund_amount_paisa" IS NULL;--> statement-breakpoint

-- Never more back than was paid, whoever writes: the payment is locked (two refunds of it are counted one
-- after the other) and its refunds summed on every insert or change of an amount.
CREATE FUNCTION refunds_within_payment() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  paid integer;
  received text;
  earlier bigint;
BEGIN
  SELECT "amount_paisa", "status" INTO paid, received FROM "payment_attempts"
    WHERE "id" = NEW."payment_attempt_id" FOR NO KEY UPDATE;
  IF received IS DISTINCT FROM 'Completed' THEN
    RAISE EXCEPTION 'payment % was not received, so nothing of it can be refunded', NEW."payment_attempt_id"
      USING ERRCODE = 'check_violation', CONSTRAINT = 'refunds_within_payment';
  END IF;
  SELECT coalesce(sum("amount_paisa"), 0) INTO earlier FROM "refunds"
    WHERE "payment_attempt_id" = NEW."payment_attempt_id" AND "id" <> NEW."id";
  IF earlier + NEW."amount_paisa" > paid THEN
    RAISE EXCEPTION 'refunds of payment % would return % paisa of the % paid', NEW."payment_attempt_id",
      earlier + NEW."amount_paisa", paid
      USING ERRCODE = 'check_violation', CONSTRAINT = 'refunds_within_payment';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "refunds_within_payment" BEFORE INSERT OR UPDATE OF "amount_paisa", "payment_attempt_id" ON "refunds"
  FOR EACH ROW EXECUTE FUNCTION refunds_within_payment();
