import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // The React code runs on Preact's compatibility layer: ~10 kB gzipped instead of react-dom's
  // ~60 kB, which alone put every page over the 150 kB budget. Types stay React 19's.
  resolve: {
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
      { find: /^react$/, replacement: 'preact/compat' },
    ],
  },
  server: {
    port: 5173,
    // `npm run dev` in apps/web talks to a server started with `npm run dev` at the root.
    proxy: { '/api': 'http://localhost:3000' },
  },
  // The manifest lets the bench measure what each lazy route adds (bench/first-page-size.ts).
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      output: {
        // What every page needs in one file rather than a dozen small ones, each with its own
        // gzip overhead.
        advancedChunks: {
          groups: [
            { name: 'framework', test: /node_modules[\\/](preact|react-router|@tanstack|ky)[\\/]/ },
          ],
        },
      },
    },
  },
});
