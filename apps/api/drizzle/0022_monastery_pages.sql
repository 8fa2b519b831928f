CREATE TABLE "monastery_page_proposals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "monastery_page_proposals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"monastery_id" integer NOT NULL,
	"proposed_by" integer NOT NULL,
	"base_version" integer NOT NULL,
	"description" text NOT NULL,
	"image_path" text,
	"gallery" text[] DEFAULT '{}'::text[] NOT NULL,
	"address" text,
	"contact_phone" text,
	"contact_email" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monastery_page_proposals_status_check" CHECK ("monastery_page_proposals"."status" IN ('pending', 'approved', 'rejected', 'replaced'))
);
--> statement-breakpoint
ALTER TABLE "audit_entries" DROP CONSTRAINT "audit_entries_action_check";--> statement-breakpoint
ALTER TABLE "monasteries" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "monasteries" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "monasteries" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "monasteries" ADD COLUMN "gallery" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "monastery_page_proposals" ADD CONSTRAINT "monastery_page_proposals_monastery_id_monasteries_id_fk" FOREIGN KEY ("monastery_id") REFERENCES "public"."monasteries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monastery_page_proposals" ADD CONSTRAINT "monastery_page_proposals_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monastery_page_proposals" ADD CONSTRAINT "monastery_page_proposals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "monastery_page_proposals_one_pending" ON "monastery_page_proposals" USING btree ("monastery_id") WHERE "monastery_page_proposals"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "monastery_page_proposals_monastery_index" ON "monastery_page_proposals" USING btree ("monastery_id","id");--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_action_check" CHECK ("audit_entries"."action" IN ('create', 'update', 'delete', 'archive', 'approve', 'redate', 'decline', 'complete', 'message', 'revoke-sessions', 'refund', 'record-refund', 'set-commission-rate', 'set-payout-details', 'run-payouts', 'record-transfer', 'fail-transfer', 'read-name', 'unread-name', 'raise-concern', 'resolve-concern', 'attach-video', 'announce-livestream', 'set-order-days', 'close-days', 'open-days', 'propose-page', 'approve-page', 'reject-page'));