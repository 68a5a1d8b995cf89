import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './lock';

/*
 * The data folder's lock (issue 26): a restart right after a SIGKILL was refused while the killed process had not
 * yet vanished (a zombie until its parent reaps it), and a pid file could be fooled by pid reuse.
 */

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'cereza-lock-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe.skipIf(process.platform !== 'linux')('the data folder lock', () => {
  it('is taken over from a process killed and not yet reaped', async () => {
    const dir = tmp();
    // A child whose death this process does not wait for: it stays a zombie while it is not reaped.
    const child = spawn('sh', ['-c', 'sleep 60'], { stdio: 'ignore' });
    await new Promise((r) => child.once('spawn', r));
    const start = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ')[19];
    writeFileSync(path.join(dir, 'cereza.lock'), `${child.pid} ${start}`);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    process.kill(child.pid!, 'SIGKILL');
    // Right after the kill, whether or not it was reaped yet.
    const lock = acquireDataDirLock(dir);
    lock.release();
  });

  it('is taken over from a live process that only reuses the pid', () => {
    const dir = tmp();
    // This test's parent is alive, but it did not start at the time written: another process had the pid.
    writeFileSync(path.join(dir, 'cereza.lock'), `${process.ppid} 1`);
    const lock = acquireDataDirLock(dir);
    lock.release();
  });

  it('is refused while another live server holds it', async () => {
    const dir = tmp();
    const child = spawn('sh', ['-c', 'sleep 60'], { stdio: 'ignore' });
    await new Promise((r) => child.once('spawn', r));
    try {
      const start = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ')[19];
      writeFileSync(path.join(dir, 'cereza.lock'), `${child.pid} ${start}`);
      expect(() => acquireDataDirLock(dir)).toThrow(/Otro proceso \(pid \d+\) ya usa la base de datos/);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
