-- The score's arithmetic as a function of a lead's stored facts and its pipeline (issue 23 §1 bulk, §3
-- score): lead_score_refresh works out the facts from the engagements and calls it, and a bulk change of
-- stage and status calls it in its own UPDATE, from the facts the lead keeps. Before, the bulk change
-- wrote each lead twice (its stage, then its score from the activity trigger): every index of the lead
-- twice over, a third of a 100,000-lead change. The refresh now finds those leads' scores current and
-- writes nothing. The weights are read as before; without them the function returns no row.
CREATE FUNCTION "lead_score_keyed"("p_facts" jsonb, "p_stage" text, "p_status" text, "p_called" date)
RETURNS TABLE ("key" float8, "facts" jsonb) LANGUAGE sql STABLE AS $$
  SELECT ln(points + 1) + extract(epoch FROM (p_facts->>'engagedAt')::timestamptz)::float8 / 86400 * decay,
    p_facts || jsonb_build_object('points', points)
  FROM (
    SELECT greatest(0, least(100,
        coalesce(f.sim_best * (w->>'simulationPerPoint')::float8, 0)
      + coalesce((SELECT (b->>'points')::float8 FROM jsonb_array_elements(w->'simulationBands') b
                  WHERE f.sim_best >= (b->>'min')::float8 ORDER BY (b->>'min')::float8 DESC LIMIT 1), 0)
      + least(greatest(f.sim_attempts - 1, 0), (w->>'extraAttemptsMax')::int) * (w->>'extraAttempt')::float8
      + CASE WHEN f.applied_at IS NULL THEN 0
          ELSE (w->>'application')::float8 + coalesce((w->'applicationStatus'->>f.application_status)::float8, 0) END
      + CASE WHEN f.brochure_at IS NULL THEN 0 ELSE (w->>'brochure')::float8 END
      + coalesce((w->'stage'->>p_stage)::float8, 0)
      + coalesce((w->'status'->>p_status)::float8, 0)
      + CASE WHEN p_called IS NULL THEN 0 ELSE (w->>'callLogged')::float8 END
    )) AS points, ln(2) / (w->>'halfLifeDays')::float8 AS decay
    FROM (SELECT weights AS w FROM lead_score_setting WHERE id = 1 AND weights ? 'halfLifeDays') s,
      LATERAL (SELECT (p_facts->>'simBest')::float8 AS sim_best, coalesce((p_facts->>'simAttempts')::int, 0) AS sim_attempts,
        p_facts->>'appliedAt' AS applied_at, p_facts->>'applicationStatus' AS application_status, p_facts->>'brochureAt' AS brochure_at) f
    WHERE p_facts ? 'engagedAt'
  ) p
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "lead_score_refresh"("p_ids" uuid[]) RETURNS void LANGUAGE sql AS $$
  WITH facts AS (
    SELECT l.id, l.lead_stage, l.lead_status, l.latest_call_date,
      jsonb_build_object('simBest', g.sim_best, 'simAttempts', coalesce(g.sim_attempts, 0), 'appliedAt', g.applied_at,
        'applicationStatus', g.application_status, 'brochureAt', g.brochure_at, 'engagedAt', coalesce(g.engaged_at, l.created_at)) AS facts
    FROM lead l
    LEFT JOIN LATERAL (
      SELECT max(r.total_score) AS sim_best,
        count(*) FILTER (WHERE e.kind = 'simulation_attempt') AS sim_attempts,
        max(e.at) FILTER (WHERE e.kind = 'application') AS applied_at,
        (array_agg(a.status ORDER BY e.at DESC) FILTER (WHERE a.status IS NOT NULL))[1] AS application_status,
        max(e.at) FILTER (WHERE e.kind = 'brochure_download') AS brochure_at,
        max(e.at) AS engaged_at
      FROM lead_engagement e
      LEFT JOIN simulation_report r ON e.kind = 'simulation_attempt' AND r.id = e.ref_id
      LEFT JOIN application a ON e.kind = 'application' AND a.id = e.ref_id
      WHERE e.lead_id = l.id
    ) g ON true
    WHERE l.id = ANY(p_ids)
  )
  UPDATE lead l SET score_key = k.key, score_facts = k.facts
  FROM facts f CROSS JOIN LATERAL lead_score_keyed(f.facts, f.lead_stage, f.lead_status, f.latest_call_date) k
  WHERE l.id = f.id AND (l.score_key, l.score_facts) IS DISTINCT FROM (k.key, k.facts);
$$;
