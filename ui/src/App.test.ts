import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import App from './App.svelte';
import { gameOf } from '$games/registry';
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
});
