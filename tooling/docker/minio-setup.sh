#!/bin/sh
# Run by compose's minio-setup service at every start (MinIO's image carries `mc`): the bucket,
# and the api's own user allowed that bucket's objects only, so the api never holds the root key
# and no presigned URL carries it. Safe to run again: each step leaves what exists as it is.
set -eu

case "$MINIO_ROOT_PASSWORD" in change-me*)
  echo "MINIO_ROOT_PASSWORD is the placeholder from .env.example: set your own value" >&2
  exit 1
esac
if [ "$S3_ACCESS_KEY_ID" = "$MINIO_ROOT_USER" ]; then
  echo "S3_ACCESS_KEY_ID must differ from MINIO_ROOT_USER: the api gets its own user" >&2
  exit 1
fi

policy=/tmp/store-app-policy.json
cat > "$policy" <<JSON
{
  "Version": "2012-10-17",
  "Statement": [
    {
      "Effect": "Allow",
      "Action": ["s3:GetBucketLocation", "s3:ListBucket"],
      "Resource": ["arn:aws:s3:::${S3_BUCKET}"]
    },
    {
      "Effect": "Allow",
      "Action": ["s3:GetObject", "s3:PutObject", "s3:DeleteObject"],
      "Resource": ["arn:aws:s3:::${S3_BUCKET}/*"]
    }
  ]
}
JSON

mc alias set store "$MINIO_URL" "$MINIO_ROOT_USER" "$MINIO_ROOT_PASSWORD"
mc mb --ignore-existing "store/$S3_BUCKET"
mc admin policy create store store-app "$policy"
mc admin user add store "$S3_ACCESS_KEY_ID" "$S3_SECRET_ACCESS_KEY"
# attach refuses a policy the user already has; that user is then as wanted.
if ! mc admin policy attach store store-app --user "$S3_ACCESS_KEY_ID"; then
  mc admin user info store "$S3_ACCESS_KEY_ID" | grep -q 'store-app'
fi
echo "MinIO: bucket $S3_BUCKET and its user $S3_ACCESS_KEY_ID are ready"
