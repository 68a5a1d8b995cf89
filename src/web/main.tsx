// First: before any schema is built or parsed (see the module).
import './lib/zod-jitless';
import { installChunkReload } from './lib/chunk-reload';
import { nextTask } from './lib/next-task';
import './styles.css';

installChunkReload();

// The app's code is evaluated in two tasks, React DOM first, instead of one long task that would block the
// page the server already painted. Both chunks are fetched together (index.html preloads them).
async function start() {
  performance.mark('cereza:start');
  await import('react-dom/client');
  await nextTask();
  const { boot } = await import('./app/boot');
  await boot();
}

void start();
