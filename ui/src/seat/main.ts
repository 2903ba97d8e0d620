/**
 * A seat's page on a player's phone (issue 32), served by the app's seat
 * server at `/s/<token>`: the same build and words as the window, in the
 * phone's language (English or French).
 */
import { mount } from 'svelte';
import '../app.css';
import SeatPage from './SeatPage.svelte';
import { locale } from '$lib/i18n/index.svelte';
import { seatBase } from '$lib/ipc/seat';

const target = document.getElementById('seat');
if (!target) throw new Error('#seat element missing from seat.html');
void locale.ready.then(() => mount(SeatPage, { target, props: { base: seatBase(location.pathname) } }));
