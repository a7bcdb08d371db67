-- The machine settings' own service fields (Additional information: serviceIntervalHours and
-- nextServiceDate, issue 42) become maintenance: each organisation's machines with an interval
-- are covered by a plan of that interval, and a next service date becomes a booked service on that
-- day. The fields leave the settings, so what the user typed has one home and a due point.
INSERT INTO service_plan (organisation_id, name, interval_h, machine_ids)
SELECT m.organisation_id,
       'Service every ' || ((m.additional_information ->> 'serviceIntervalHours')::double precision) || ' h',
       (m.additional_information ->> 'serviceIntervalHours')::double precision,
       array_agg(m.id ORDER BY m.id)
  FROM machine m
 WHERE (m.additional_information ->> 'serviceIntervalHours')::double precision > 0
 GROUP BY m.organisation_id, (m.additional_information ->> 'serviceIntervalHours')::double precision
ON CONFLICT DO NOTHING;

INSERT INTO service_record (machine_id, plan_id, status, done_at, notes)
SELECT m.id,
       (SELECT p.id FROM service_plan p
         WHERE p.organisation_id = m.organisation_id AND m.id = ANY(p.machine_ids)
           AND p.interval_h = (m.additional_information ->> 'serviceIntervalHours')::double precision
         LIMIT 1),
       'open',
       -- Noon of that day where the organisation is.
       ((m.additional_information ->> 'nextServiceDate')::date + time '12:00') AT TIME ZONE o.timezone,
       'Next service from the machine''s settings'
  FROM machine m JOIN organisation o ON o.id = m.organisation_id
 WHERE m.additional_information ->> 'nextServiceDate' ~ '^\d{4}-\d{2}-\d{2}$';

UPDATE machine SET additional_information = additional_information - 'serviceIntervalHours' - 'nextServiceDate'
 WHERE additional_information ?| ARRAY['serviceIntervalHours', 'nextServiceDate'];
