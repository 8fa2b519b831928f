CREATE TABLE "order_names" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_names_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"departed" boolean DEFAULT false NOT NULL,
	"note" text,
	"read_at" timestamp with time zone,
	"read_by" integer,
	CONSTRAINT "order_names_position_unique" UNIQUE("order_id","position"),
	CONSTRAINT "order_names_name_length" CHECK (char_length("order_names"."name") BETWEEN 1 AND 500),
	CONSTRAINT "order_names_note_length" CHECK (char_length("order_names"."note") <= 500),
	CONSTRAINT "order_names_read_check" CHECK (("order_names"."read_at" IS NULL) = ("order_names"."read_by" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "audit_entries" DROP CONSTRAINT "audit_entries_action_check";--> statement-breakpoint
ALTER TABLE "order_names" ADD CONSTRAINT "order_names_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_names" ADD CONSTRAINT "order_names_read_by_users_id_fk" FOREIGN KEY ("read_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_action_check" CHECK ("audit_entries"."action" IN ('create', 'update', 'delete', 'archive', 'approve', 'redate', 'decline', 'complete', 'message', 'revoke-sessions', 'refund', 'record-refund', 'set-commission-rate', 'set-payout-details', 'run-payouts', 'record-transfer', 'fail-transfer', 'read-name', 'unread-name'));--> statement-breakpoint
-- Names as a list (docs/decisions/035): each older order's free text is split once into its names, at line
-- breaks and semicolons; a line without a digit also at its commas (',', '，', '、'), while a line with a
-- digit keeps them, as in "Pema Dolma, 1942-2025", where the comma does not separate two people. Each
-- piece is trimmed, empty ones are dropped, and each becomes a living person without a note (the text
-- cannot say who has passed away). The text itself stays, as written, in orders.beneficiary. An order that
-- already has names is left alone.
INSERT INTO "order_names" ("order_id", "position", "name")
SELECT piece.order_id,
  (row_number() OVER (PARTITION BY piece.order_id ORDER BY piece.line_no, piece.part_no) - 1)::integer,
  piece.name
FROM (
  SELECT o."id" AS order_id, line.line_no, part.part_no,
    regexp_replace(part.text, E'^[\\s\u00a0\u3000]+|[\\s\u00a0\u3000]+$', '', 'g') AS name
  FROM "orders" o
  CROSS JOIN LATERAL regexp_split_to_table(o."beneficiary", E'[\\r\\n;；]+') WITH ORDINALITY AS line(text, line_no)
  CROSS JOIN LATERAL (
    SELECT split.text, split.part_no
    FROM regexp_split_to_table(line.text, '[,，、]') WITH ORDINALITY AS split(text, part_no)
    WHERE line.text !~ '[0-9०-९]'
    UNION ALL
    SELECT line.text, 1 WHERE line.text ~ '[0-9०-९]'
  ) AS part(text, part_no)
  WHERE o."beneficiary" IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM "order_names" n WHERE n."order_id" = o."id")
) AS piece
WHERE piece.name <> '';
