import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import App from './App.svelte';
import { gameOf } from '$games/registry';
import { go as bov } from '$games/bov/go';
import { flushSync } from 'svelte';

describe('App shell', () => {
  it('shows the title and the library first', () => {
    render(App);
    expect(screen.getByTestId('app-title').textContent).toBe('Bagless');
    expect(screen.getByTestId('library')).toBeTruthy();
  });

  it('routes to the diary and back', async () => {
    render(App);
    gameOf('bov')!.open('c-1', 'Venice');
    flushSync();
    // The diary's code loads when it is first opened.
    expect((await screen.findByTestId('diary', {}, { timeout: 20_000 })).dataset.campaignId).toBe('c-1');
    screen.getByTestId('nav-library').click();
    flushSync();
    expect(screen.getByTestId('library')).toBeTruthy();
  }, 30_000);

  it('ends the screen left at once: it is not drawn again with the next screen’s route while that one’s code comes', async () => {
    render(App);
    gameOf('bov')!.open('c-1', 'Venice');
    flushSync();
    await screen.findByTestId('diary', {}, { timeout: 20_000 });
    const drawn: string[] = [];
    const seen = new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof HTMLElement) for (const shown of [node, ...node.querySelectorAll('[data-testid]')]) drawn.push((shown as HTMLElement).dataset.testid ?? '');
    });
    seen.observe(document.body, { childList: true, subtree: true });
    bov.board('c-1');
    flushSync();
    expect(screen.queryByTestId('diary')).toBeNull();
    await screen.findByTestId('board-screen', {}, { timeout: 20_000 });
    seen.disconnect();
    expect(drawn).toContain('board-screen');
    expect(drawn).not.toContain('diary');
  }, 30_000);
});
