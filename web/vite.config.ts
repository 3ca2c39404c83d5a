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
    // exceljs (about 900 KB) is its own chunk, fetched only when a workbook is chosen for a preview.
    chunkSizeWarningLimit: 1024,
    rollupOptions: { input: { app: resolve(__dirname, 'index.html'), landing: resolve(__dirname, 'landing.html') } },
  },
});
