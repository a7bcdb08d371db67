-- Every committed batch updates its sources' last-seen time, position, battery and signal. With
-- full pages the new version of a row had no room beside the old one, so 95 % of those updates
-- wrote a new entry in each of the table's six indexes; with half of each page kept free they are
-- made in place (PostgreSQL's HOT updates: 97 %), and the upsert of 1,000 sources took 25 to 33 %
-- less on PGlite (docs/performance.md, issue 20). Rows already stored move to roomier pages as
-- they are updated.
ALTER TABLE source SET (fillfactor = 50);
