-- The board reads each stage's newest leads in a tab (issue 23 §1): with the tab in the stage's index a
-- column is one index walk in either tab. Without it a Paid Users column walked every paid lead to find
-- the stage's (400 ms at a million leads, most of it for columns with no paid lead at all). The list
-- filtered by stage always has a tab too, so this index replaces the stage-only one.
DROP INDEX IF EXISTS "lead_stage_created_idx";--> statement-breakpoint
CREATE INDEX "lead_stage_view_created_idx" ON "lead" USING btree ("lead_stage","is_paid","created_at","id");
