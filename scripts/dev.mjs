#!/usr/bin/env node
// `npm run dev`: the API with tsx in watch mode on :3000 and Vite's dev server with hot reload on :5173
// (Vite proxies /api and /uploads to the API).
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { NODE_ENV: 'development', LOG_LEVEL: 'info', ...process.env },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: process.env }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
