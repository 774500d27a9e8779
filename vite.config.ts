import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildStamp } from './scripts/client-build-stamp.ts';
import { precompress } from './scripts/vite-precompress.ts';
import { pwa } from './scripts/vite-pwa.ts';

/** The web client lives in web/; its build lands in dist/web, which the server serves. */
export default defineConfig({
  root: 'web',
  // pwa() writes the icons and /sw.js before precompress() compresses the output
  plugins: [react(), tailwindcss(), pwa(), precompress(), buildStamp()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // .vite/manifest.json: which chunks each screen pulls, for scripts/bundle-report.mjs
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React DOM is one module of about 200 KB that every screen needs and that changes only with an upgrade: its
          // own chunk keeps it cached across releases and keeps the entry chunk small (docs/decisions/0014-client-loading.md)
          groups: [{ name: 'react-dom', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false, ws: true },
    },
  },
});
