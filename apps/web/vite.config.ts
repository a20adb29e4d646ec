import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Mantine's ScrollArea (inside every Table) imports one small hook, `useMergeRefs`, from
 * `@floating-ui/react`, and with it the whole positioning library (about 10 kB gzipped): every page
 * with a table loaded it. ScrollArea gets the same hook from src/lib/merge-refs.ts instead; the
 * popovers that position things keep the real library.
 */
function scrollAreaWithoutFloatingUi(): Plugin {
  const hook = fileURLToPath(new URL('./src/lib/merge-refs.ts', import.meta.url));
  const scrollArea = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]/;
  return {
    name: 'scroll-area-without-floating-ui',
    enforce: 'pre',
    resolveId: (source, importer) =>
      source === '@floating-ui/react' && importer && scrollArea.test(importer) ? hook : null,
  };
}

export default defineConfig({
  plugins: [react(), scrollAreaWithoutFloatingUi()],
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
    // Pages few people open (phishing practice, the board summary, readiness, staff's
    // impersonation, test login, unsubscribe) load their files when they open, instead of the
    // entry listing them all for preloading: the list is in every page's first file, whose bytes
    // a task's own page could not spare (phishing practice's two pages put it 1 KB over).
    modulePreload: {
      resolveDependencies: (filename, deps) =>
        /(PhishingPage|PracticePage|BoardPage|ReadinessPage|ImpersonateUsersPage|TestLoginPage|UnsubscribePage)-[\w-]+\.js$/.test(
          filename,
        )
          ? []
          : deps,
    },
    rolldownOptions: {
      output: {
        // What every page needs in one file rather than a dozen small ones, each with its own
        // gzip overhead.
        advancedChunks: {
          groups: [
            // With Mantine's one-line environment check, wanted by Textarea and the segmented
            // control: as a file of its own it cost a task's page more than its 93 bytes.
            {
              name: 'framework',
              test: /node_modules[\\/](preact|react-router|@tanstack|ky|@mantine[\\/]core[\\/]esm[\\/]core[\\/]utils[\\/]get-env)[\\/]/,
            },
            // Positioning for Mantine's popovers, on its own: left to the bundler, it shared a
            // chunk with ScrollArea, and every page with a table loaded it for nothing.
            { name: 'floating-ui', test: /node_modules[\\/]@floating-ui[\\/]/ },
          ],
        },
      },
    },
  },
});
