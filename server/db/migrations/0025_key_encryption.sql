-- Key material is encrypted at rest (issue 21): signing keys and the ALTCHA key are stored
-- encrypted with KEY_ENCRYPTION_KEY (AES-256-GCM, server/services/key-encryption.ts), with the id
-- of that key beside each value. SQL cannot encrypt, so what was stored in clear is not carried
-- over but retired here, and the portal makes new keys at start:
-- - signing keys: the private halves are dropped; the public halves of the newest two stay
--   published, so sessions they signed stay valid, and the first start signs with a new key. Keys
--   older than those two were no longer published: they go entirely.
-- - the ALTCHA key: dropped; a new one is made at the first challenge (a challenge issued before
--   the upgrade and not yet solved is refused once; the page fetches another).
delete from signing_keys
where kid not in (select kid from signing_keys order by created_at desc limit 2);
alter table signing_keys drop column private_jwk;
alter table signing_keys add column sealed_private_jwk text, add column kek_id text;
alter table signing_keys
  add constraint signing_keys_sealed_with_a_key check ((sealed_private_jwk is null) = (kek_id is null));

delete from bot_check_keys;
alter table bot_check_keys drop column secret;
alter table bot_check_keys add column sealed_secret text not null, add column kek_id text not null;
