-- Where an organisation's uploaded logo is kept in the files storage; logo_link is its address.
ALTER TABLE brand_configuration ADD COLUMN logo_key text;
