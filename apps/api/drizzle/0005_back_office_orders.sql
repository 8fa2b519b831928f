ALTER TABLE "orders" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
-- Orders closed before this migration: their last change is the best moment the database kept.
UPDATE "orders" SET "closed_at" = "updated_at"
WHERE "status" IN ('declined', 'completed', 'cancelled', 'expired');--> statement-breakpoint
CREATE INDEX "orders_awaiting_action_index" ON "orders" USING btree ("monastery_id") WHERE "orders"."status" = 'pending' AND "orders"."payment_status" = 'Completed';
