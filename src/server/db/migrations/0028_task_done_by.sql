-- Tasks in the lead's activity (issue 23 §2): who completed a task, beside when. Added and done are
-- the task's own moments (created_at, created_by; done_at, done_by), so the timeline reads them from
-- the task and nothing is written twice.
ALTER TABLE "lead_task" ADD COLUMN "done_by" uuid REFERENCES "staff"("id") ON DELETE SET NULL;
