import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { svelteTesting } from '@testing-library/svelte/vite';
import type { Plugin } from 'vite';

/**
 * src/lib/ipc/first.ts is an entry of its own, loaded by a script tag ahead
 * of the app's bundle: the command that opens the game played last is sent
 * while the bundle is still being read, not after. (A second script in
 * index.html would be folded into the app's bundle.)
 */
const FIRST = fileURLToPath(new URL('./src/lib/ipc/first.ts', import.meta.url));
function firstCommandEarly(): Plugin {
  return {
    name: 'bagless-first-command',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && c.isEntry && c.name === 'first');
        if (!chunk) throw new Error('the first command entry (src/lib/ipc/first.ts) was not built');
        return [{ tag: 'script', attrs: { type: 'module', crossorigin: true, src: `./${chunk.fileName}` }, injectTo: 'head-prepend' }];
      },
    },
  };
}

// The Tauri shell loads the built files from ui/dist through its custom
// protocol, so every asset path must be relative.
export default defineConfig({
  base: './',
  plugins: process.env.VITEST ? [svelte(), svelteTesting()] : [svelte(), firstCommandEarly()],
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
    rollupOptions: {
      input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), first: FIRST },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.ts'],
  },
});
