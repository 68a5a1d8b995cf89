import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root: '.',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: process.env.WEB_OUT_DIR ?? 'dist/web',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    assetsInlineLimit: 2048,
    // The server-rendering bundle (scripts/build.mjs) needs no copy of public/.
    copyPublicDir: !process.argv.includes('--ssr'),
    // scripts/build.mjs reads it to preload the chunks the entry imports dynamically, then deletes it.
    manifest: !process.argv.includes('--ssr'),
    rolldownOptions: {
      output: {
        // The icons in one small chunk instead of one request each (HTTP/1.1 allows six at a time).
        codeSplitting: { groups: [{ name: 'iconos', test: /node_modules[\\/]lucide-react/ }] },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/uploads': apiTarget,
    },
  },
});
