// The web client runs in browsers: its files are checked against the DOM (also from the
// root tsconfig, which otherwise knows only Node), and .svelte imports are typed by Svelte.
/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/// <reference types="svelte" />
/// <reference types="vite/client" />
