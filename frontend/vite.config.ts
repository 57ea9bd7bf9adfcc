import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const backend = 'http://127.0.0.1:3000';
const proxied = ['/api', '/auth/google', '/d', '/pdf', '/logo'];

export const viteConfig = defineConfig({
  plugins: [react()],
  resolve: {
    // The browser uses qr-core's lean entry (no zod, frame font on demand); the full entry stays for Node.
    alias: [
      { find: /^@qrsharks\/qr-core\/browser$/, replacement: fileURLToPath(new URL('../packages/qr-core/src/browser.ts', import.meta.url)) },
      { find: /^@qrsharks\/qr-core$/, replacement: fileURLToPath(new URL('../packages/qr-core/src/index.ts', import.meta.url)) },
    ],
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: backend, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // scripts/bundle-size.mjs reads the manifest to add up what the landing page loads.
    manifest: true,
    chunkSizeWarningLimit: 1500,
  },
});

export default viteConfig;
