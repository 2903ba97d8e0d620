import { render, screen } from '@testing-library/svelte';
import { afterEach, expect, it, vi } from 'vitest';
import { seatLink, type SeatAnswer } from '$lib/ipc/seat';
import { seal } from '$lib/ipc/seal';
import { locale as language } from '$lib/i18n/index.svelte';
import SeatPage from './SeatPage.svelte';

/**
 * The game's seat page whose code does not arrive (a script the server or
 * the network refused): found by the French e2e run on a fresh machine,
 * where the phone showed the seat's name and nothing under it.
 */
vi.mock('$games/registry', async (original) => ({
  ...(await original<typeof import('$games/registry')>()),
  gameOf: () => ({ seat: () => Promise.reject(new TypeError('Importing a module script failed.')) }),
}));

const link = seatLink({ hash: `#${'b2'.repeat(32)}` })!;
const answer: SeatAnswer = {
  game: 'risk',
  id: 'g1',
  name: 'Midnight map',
  seat: { id: 'red', name: 'Ana' },
  view: null as never,
};

afterEach(async () => {
  vi.unstubAllGlobals();
  await language.set('en', false);
});

it.each(['en', 'fr'] as const)('says (%s) that part of the page did not arrive, and offers to reload it', async (locale) => {
  await language.set(locale, false);
  vi.stubGlobal('EventSource', class { addEventListener() {} close() {} });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => ({ ok: true, status: 200, json: async () => ({ sealed: seal(link.key, 'answer', JSON.stringify(answer)) }) })),
  );
  render(SeatPage, { link });
  const failed = await screen.findByTestId('seat-page-failed');
  expect(screen.getByTestId('seat-name').textContent).toContain('Ana');
  expect(failed.getAttribute('role')).toBe('alert');
  expect(failed.textContent).toContain(locale === 'en' ? 'Part of this page did not arrive' : 'Une partie de cette page');
  expect(failed.querySelector('button')?.textContent).toBe(locale === 'en' ? 'Reload' : 'Recharger');
});
