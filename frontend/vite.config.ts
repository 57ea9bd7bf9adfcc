import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const backend = 'http://127.0.0.1:3000';
const proxied = ['/api', '/auth/google', '/d', '/pdf', '/logo'];

export const viteConfig = defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@qrsharks/qr-core': fileURLToPath(new URL('../packages/qr-core/src/index.ts', import.meta.url)),
    },
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
