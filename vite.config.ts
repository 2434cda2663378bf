import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    assetsInlineLimit: 2048,
    // Every browser the site supports has modulepreload: no polyfill on every page.
    modulePreload: { polyfill: false },
    // Browser build: small shared modules (icons, helpers) are copied into the chunks that use them
    // instead of each being a file of its own; Rolldown keeps one module state across the copies.
    // A route then loads ~12 files instead of ~40, and gzip compresses them together
    // (docs/decisions/017-js-budget.md). Not for the server-side renders (--ssr).
    ...(isSsrBuild
      ? {}
      : {
          rolldownOptions: {
            preserveEntrySignatures: false,
            treeshake: {
              // @trpc/client declares no sideEffects flag, so its websocket client (used by the
              // back-office and /compte chunks only) would sit in the storefront's shared chunk: its
              // modules only define things, and marking them pure lets the bundler leave it out.
              moduleSideEffects: (id: string) =>
                /[\\/]node_modules[\\/]@trpc[\\/]client[\\/]/.test(id) ? false : undefined,
            },
            output: {
              codeSplitting: {
                experimentalInlineCommonChunks: { maxSize: 16 * 1024, exclude: /\.css(\?|$)/ },
              },
            },
          },
        }),
  },
}));
