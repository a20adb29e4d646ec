import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    // `npm run dev` in apps/web talks to a server started with `npm run dev` at the root.
    proxy: { '/api': 'http://localhost:3000' },
  },
  // The manifest lets the bench measure what each lazy route adds (bench/first-page-size.ts).
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, manifest: true },
});
