/** The app's single connection and the browser's memory, shared by every page. */
import { Connection } from './connection.svelte.ts';
import { browserStore, Session } from './session.ts';

export const memory = new Session(browserStore());
export const connection = new Connection(memory);
