-- The keys of the files a live record's public page shows, in one GIN index: /files serves a file
-- to anyone only while a live record shows it, and asks this index for each key.
CREATE INDEX "person_live_public_file_keys_idx" ON "person" USING gin ((array[(signature_image ->> 'key'), (signature_image ->> 'thumbnailKey'), (certificate_image ->> 'key'), (certificate_image ->> 'thumbnailKey'), (pdf ->> 'key'), (pdf ->> 'thumbnailKey')])) WHERE "person"."deleted_at" is null;
