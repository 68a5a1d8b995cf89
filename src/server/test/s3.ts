import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { S3Storage, type S3Settings } from '../storage/s3';

/**
 * An S3-compatible server on loopback for tests (the npm package s3rver, in this process), like the mail tests'
 * SMTP server: nothing outside this machine.
 */
export interface TestS3 {
  endpoint: string;
  /** A store on a new, empty bucket. */
  newStorage(): Promise<S3Storage>;
  close(): Promise<void>;
}

export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export function s3Settings(endpoint: string, bucket: string): S3Settings {
  return { bucket, endpoint, region: 'us-east-1', forcePathStyle: true, prefix: '', ...S3_TEST_CREDENTIALS };
}

/** A store on a new bucket of the server at `endpoint`. */
export async function newBucketStorage(endpoint: string): Promise<S3Storage> {
  const storage = new S3Storage(s3Settings(endpoint, `cereza-${randomBytes(6).toString('hex')}`));
  await storage.client.send(new CreateBucketCommand({ Bucket: storage.settings.bucket }));
  return storage;
}

export async function startTestS3(): Promise<TestS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'cereza-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    newStorage: () => newBucketStorage(endpoint),
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
