import net from 'node:net';

/** A loopback port nobody listens on, from the kernel (a fixed range can land on PostgreSQL's 5432 or Redis's 6379). */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
