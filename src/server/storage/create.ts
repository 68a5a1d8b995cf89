import type { AppConfig } from '../config';
import { LocalStorage, type Storage } from './index';
import { S3Storage } from './s3';

/** The store the settings choose: the bucket when S3_BUCKET is set, else DATA_DIR's folders (the default). */
export function createStorage(config: Pick<AppConfig, 'uploadsDir' | 'privateDir' | 's3'>): Storage {
  return config.s3 ? new S3Storage(config.s3) : new LocalStorage(config.uploadsDir, config.privateDir);
}
