-- The first day with a rollup in each month: with it, "all recorded time" has a start per machine,
-- and working utilisation counts the working days from there rather than from an unbounded past.
ALTER TABLE machine_month_rollup ADD COLUMN first_day date;
UPDATE machine_month_rollup mm
   SET first_day = (SELECT min(d.day) FROM machine_day_rollup d
                     WHERE d.machine_id = mm.machine_id AND d.day >= mm.month
                       AND d.day < mm.month + interval '1 month');
ALTER TABLE machine_month_rollup ALTER COLUMN first_day SET NOT NULL;
