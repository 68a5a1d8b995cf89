import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { EmlMailer } from './mail/mailer';
import { LocalStorage } from './storage/index';

/* Files under DATA_DIR are the server user's alone (issue 26): .eml files held reset links readable by anyone (0644). */

const root = mkdtempSync(path.join(os.tmpdir(), 'cereza-perms-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const mode = (p: string) => statSync(p).mode & 0o777;

describe('files under DATA_DIR', () => {
  it('are private to the server’s user: 0700 folders, 0600 files, whatever the umask', async () => {
    const previous = process.umask(0o022);
    try {
      const dataDir = path.join(root, 'data');
      const config = loadConfig({ DATA_DIR: dataDir });
      expect(mode(dataDir)).toBe(0o700);
      expect(mode(config.uploadsDir)).toBe(0o700);
      expect(mode(path.join(dataDir, 'jwt-secret'))).toBe(0o600);

      const mailer = new EmlMailer(config.mail.dir, 'Cereza <no-responder@cereza.test>');
      const { file } = await mailer.send({
        to: 'ana@example.com',
        subject: 'Restablece tu contraseña',
        text: 'Enlace: http://cereza.test/Auth/Restablecer?token=secreto',
        html: '<p>Enlace</p>',
        messageId: '<prueba-1@cereza.test>',
      });
      expect(mode(config.mail.dir)).toBe(0o700);
      expect(mode(file!)).toBe(0o600);

      const storage = new LocalStorage(config.uploadsDir, path.join(dataDir, 'privado'));
      await storage.put('u/usuario/foto.webp', Buffer.from('imagen'));
      expect(mode(path.join(config.uploadsDir, 'u/usuario'))).toBe(0o700);
      expect(mode(path.join(config.uploadsDir, 'u/usuario/foto.webp'))).toBe(0o600);
    } finally {
      process.umask(previous);
    }
  });
});
