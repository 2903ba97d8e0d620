/**
 * Which language the app starts in, and the switch in the header.
 *
 * The start language is decided when ./index.svelte is first imported, so
 * each start case resets the module registry and imports it afresh.
 */
import { fireEvent, render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import App from '../../App.svelte';
import { formatDate } from '$lib/format';
import { LOCALE_STORAGE_KEY, locale, systemLocale, t } from './index.svelte';

/** A start afresh, once its language is shown (as the first screen waits). */
async function freshStart() {
  vi.resetModules();
  const i18n = await import('./index.svelte');
  await i18n.locale.ready;
  return i18n;
}

function systemLanguage(language: string) {
  vi.spyOn(window.navigator, 'language', 'get').mockReturnValue(language);
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  locale.followSystem();
});

describe('start language', () => {
  it('follows a French system when nothing is remembered', async () => {
    systemLanguage('fr-FR');
    const i18n = await freshStart();
    expect(i18n.locale.current).toBe('fr');
    expect(i18n.t('app.language')).toBe('Langue');
    expect(document.documentElement.lang).toBe('fr');
  });

  it('follows any other system in English', async () => {
    systemLanguage('de-DE');
    const i18n = await freshStart();
    expect(i18n.locale.current).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('reads fr, fr-CA, FR-be… as French and nothing else', () => {
    expect(['fr', 'fr-CA', 'FR-be'].map((l) => systemLocale(l))).toEqual(['fr', 'fr', 'fr']);
    expect(['en-GB', 'it', '', undefined].map((l) => systemLocale(l))).toEqual(['en', 'en', 'en', 'en']);
  });

  it('prefers the remembered choice to the system language (how the E2E harness picks French)', async () => {
    systemLanguage('en-US');
    localStorage.setItem(LOCALE_STORAGE_KEY, 'fr');
    expect((await freshStart()).locale.current).toBe('fr');

    systemLanguage('fr-FR');
    localStorage.setItem(LOCALE_STORAGE_KEY, 'en');
    expect((await freshStart()).locale.current).toBe('en');
  });

  it('ignores a remembered value that is no language of the app', async () => {
    systemLanguage('fr-FR');
    localStorage.setItem(LOCALE_STORAGE_KEY, 'klingon');
    expect((await freshStart()).locale.current).toBe('fr');
  });

  it('lets ?locale= in the address force the language over everything, without remembering it', async () => {
    systemLanguage('en-US');
    localStorage.setItem(LOCALE_STORAGE_KEY, 'en');
    window.history.replaceState(null, '', '/?locale=fr');
    expect((await freshStart()).locale.current).toBe('fr');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en');
  });
});

describe('switching language', () => {
  it('remembers the choice for the next start and sets <html lang>', async () => {
    locale.set('fr');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
    expect(t('diary.heading')).toBe('Journal des souvenirs');
    expect((await freshStart()).locale.current).toBe('fr');
  });

  it('the selector in the header switches the text on screen, both ways', async () => {
    render(App);
    const select = screen.getByTestId<HTMLSelectElement>('language');
    expect(select.value).toBe('en');
    expect(screen.getByText('Language')).toBeTruthy();
    expect([...select.options].map((o) => o.textContent)).toEqual(['English', 'Français']);
    expect(screen.getByText(/^The games of the Assassin’s Creed shelf/)).toBeTruthy();

    await fireEvent.change(select, { target: { value: 'fr' } });
    expect(locale.current).toBe('fr');
    expect(screen.getByText('Langue')).toBeTruthy();
    expect(screen.getByText(/^Les parties de l’étagère/)).toBeTruthy();
    expect(screen.queryByText(/^The games of the Assassin’s Creed shelf/)).toBeNull();
    expect(document.documentElement.lang).toBe('fr');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('fr');

    await fireEvent.change(select, { target: { value: 'en' } });
    expect(screen.getByText('Language')).toBeTruthy();
    expect(screen.getByText(/^The games of the Assassin’s Creed shelf/)).toBeTruthy();
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en');
  });

  it('fetches the French words only once French is chosen, and a later choice wins over a slower one', async () => {
    systemLanguage('en-US');
    const i18n = await freshStart();
    expect(i18n.catalogues.fr).toBeUndefined(); // an English start never reads them

    const french = i18n.locale.set('fr', false);
    expect(i18n.locale.current).toBe('en'); // shown once they are here
    await french;
    expect(i18n.locale.current).toBe('fr');
    expect(i18n.t('diary.heading')).toBe('Journal des souvenirs');

    const fresh = await freshStart();
    const slower = fresh.locale.set('fr', false);
    const later = fresh.locale.set('en', false);
    await Promise.all([slower, later]);
    expect(fresh.locale.current).toBe('en');
  });

  it('writes dates the way the language does', () => {
    locale.set('en');
    expect(formatDate('2026-11-20')).toBe('November 20, 2026');
    locale.set('fr');
    expect(formatDate('2026-11-20')).toBe('20 novembre 2026');
  });
});
