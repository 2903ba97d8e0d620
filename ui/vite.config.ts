import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { svelteTesting } from '@testing-library/svelte/vite';
import { build, type Plugin, type Rollup } from 'vite';

type RollupOutput = Rollup.RollupOutput;

/**
 * src/lib/ipc/first-send.ts, built on its own as a plain script and written
 * into index.html itself: the command that opens the game played last is
 * sent as soon as the page is read, with no file to fetch first, while the
 * app's bundle is still on its way. (Tauri adds the script's hash to the
 * content security policy when it builds the app.)
 */
const FIRST_SEND = fileURLToPath(new URL('./src/lib/ipc/first-send.ts', import.meta.url));
function firstCommandInline(): Plugin {
  return {
    name: 'bagless-first-command',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        // The window's page only: a seat's page (seat.html) runs on a phone,
        // with no IPC to send to.
        if (!ctx.filename.endsWith('index.html')) return html;
        // Each language's words but English's are a chunk of their own
        // (src/lib/i18n/index.svelte.ts): the script asks for the start
        // language's by its built name.
        const localeChunks: Record<string, string> = {};
        for (const file of Object.values(ctx.bundle ?? {})) {
          const words = file.type === 'chunk' && /\/src\/lib\/i18n\/(\w+)\.ts$/.exec(file.facadeModuleId ?? '');
          if (words) localeChunks[words[1]] = `./${file.fileName}`;
        }
        if (!localeChunks.fr) throw new Error('the French words (src/lib/i18n/fr.ts) were not built as a chunk of their own');
        const built = await build({
          configFile: false,
          logLevel: 'warn',
          define: { __LOCALE_CHUNKS__: JSON.stringify(localeChunks) },
          build: {
            write: false,
            target: 'es2022',
            minify: true,
            lib: { entry: FIRST_SEND, formats: ['iife'], name: 'baglessFirstSend' },
          },
        });
        const outputs = (Array.isArray(built) ? built : [built]) as RollupOutput[];
        const chunk = outputs.flatMap((o) => o.output).find((c) => c.type === 'chunk');
        if (!chunk || chunk.type !== 'chunk') throw new Error('the first command (src/lib/ipc/first-send.ts) was not built');
        return [{ tag: 'script', children: chunk.code.trim(), injectTo: 'head-prepend' }];
      },
    },
  };
}

// The Tauri shell loads the built files from ui/dist through its custom
// protocol, so every asset path must be relative.
export default defineConfig({
  base: './',
  plugins: process.env.VITEST ? [svelte(), svelteTesting()] : [svelte(), firstCommandInline()],
  resolve: {
    alias: {
      $lib: fileURLToPath(new URL('./src/lib', import.meta.url)),
      $games: fileURLToPath(new URL('./src/games', import.meta.url)),
    },
  },
  clearScreen: false,
  server: {
    port: 1420,
    strictPort: true,
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    // The window's WebKit and the phones' browsers preload modules
    // themselves (<link rel="modulepreload">): vite's polyfill, which returns
    // at once where they do, was a chunk of its own in the first screen.
    modulePreload: { polyfill: false },
    // The window's page, and a seat's page on a player's phone (served by
    // the app's seat server: crates/bagless-seats).
    rollupOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        seat: fileURLToPath(new URL('./seat.html', import.meta.url)),
      },
      output: {
        // What the window's first screen and the seat's page share, in one
        // chunk rather than a chunk each (five requests of a few hundred
        // bytes at every start): the small modules, and the IPC, the error
        // box and the shelf ($games/registry) with what they import (the
        // games' routes, the router, the Tauri API). Left to themselves they
        // were three more chunks of the first screen (the routes apart since
        // a game's routes ask the IPC ahead, issue 57), each compressed
        // alone: 900 bytes more gzipped.
        codeSplitting: {
          groups: [
            {
              name: 'shared',
              test: /src\/(lib\/(format\.ts|components\/(Notice|ErrorBox)\.svelte|history\/words\.ts|next-frame\.ts|ipc\/index\.ts)|games\/registry\.ts)/,
            },
          ],
        },
      },
    },
  },
  test: {
    // Every core: vitest's default leaves one free, which on a 2-core CI
    // machine runs the 40-odd files one at a time (about twice as long).
    maxWorkers: availableParallelism(),
    environment: 'jsdom',
    include: ['src/**/*.test.ts'],
    setupFiles: ['src/test-setup.ts'],
    // A game's whole screen mounted in jsdom (and walked by axe) takes a few
    // seconds on 2 busy cores: 5 s, vitest's default, timed them out there.
    testTimeout: 30_000,
  },
});
