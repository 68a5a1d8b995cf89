import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertSafeKey, isSafeKey, keyFromUrl, urlForKey, type Storage } from './index';

/** The settings of an S3-compatible store (README, "Object storage"). */
export interface S3Settings {
  bucket: string;
  /** Any S3-compatible service (MinIO, Garage, Ceph, R2…); absent: AWS itself, by region. */
  endpoint?: string;
  region: string;
  /** Absent: the SDK's own chain (environment, instance role…). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (most self-hosted services). */
  forcePathStyle: boolean;
  /** Keys are stored under this prefix (one bucket for several environments); '' for none. */
  prefix: string;
}

/**
 * Files in one bucket, public and private keys side by side (`u/…`, `demo/…`, `privado/…`). The bucket itself stays
 * private: public images are served through the app at `/uploads/<key>` with a year's cache (a CDN in front caches
 * them), private files only through the app's checked routes (src/server/storage/index.ts). Every replica on the
 * same bucket sees every file (issue 31: a photo uploaded to one replica was 404 on the other).
 */
export class S3Storage implements Storage {
  readonly client: S3Client;

  constructor(readonly settings: S3Settings) {
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      // Checksums only where the API requires them: several S3-compatible services refuse the SDK's newer
      // default (trailing CRC checksums).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private objectKey(key: string): string {
    assertSafeKey(key);
    return this.settings.prefix + key;
  }

  async put(key: string, data: Buffer, contentType: string): Promise<string> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.objectKey(key),
        Body: data,
        ContentType: contentType,
      }),
    );
    return this.urlFor(key);
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }),
      );
      return out.Body ? Buffer.from(await out.Body.transformToByteArray()) : undefined;
    } catch (err) {
      if (err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404))
        return undefined;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
  }

  urlFor(key: string): string {
    return urlForKey(key);
  }

  keyFromUrl(url: string): string | undefined {
    return keyFromUrl(url);
  }

  async *list(wanted = ''): AsyncIterable<string> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.settings.bucket,
          Prefix: this.settings.prefix + wanted || undefined,
          ContinuationToken: token,
        }),
      );
      for (const item of page.Contents ?? []) {
        const key = item.Key?.slice(this.settings.prefix.length);
        if (key && isSafeKey(key)) yield key;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  close(): void {
    this.client.destroy();
  }
}
