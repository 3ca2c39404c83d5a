import { resolve } from 'node:path';
import { defineConfig } from 'vite';

// The dashboard is served by the API under /app; the landing page at /. Everything is bundled:
// no CDN, no runtime fetch of fonts or scripts, so it works offline and under a strict CSP.
export default defineConfig({
  root: __dirname,
  base: '/app/',
  esbuild: { jsx: 'automatic' },
  build: {
    outDir: resolve(__dirname, '../dist/web'),
    emptyOutDir: true,
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    rollupOptions: { input: { app: resolve(__dirname, 'index.html'), landing: resolve(__dirname, 'landing.html') } },
  },
});
